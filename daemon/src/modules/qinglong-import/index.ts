import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import type { AppService } from '../apps/index.ts';
import type { ConfigService } from '../configs/index.ts';
import type { CronService, CronViewService } from '../tasks/index.ts';
import type { DependencyService } from '../dependencies/index.ts';
import type { EnvService } from '../envs/index.ts';
import { armRetention } from '../retention/index.ts';
import type { SubscriptionService } from '../subscriptions/index.ts';
import type { AccountAdoption } from '../user/index.ts';
import { qinglongImportRoutes } from './routes.ts';
import { QinglongImportService } from './service.ts';

export type { QinglongImportService };
export type { StartedImport } from './service.ts';
/** The reader and its dry run, for the backup area's Qinglong data.tgz. */
export { previewOf } from './preview.ts';
export { readQinglongImport, type ReadOptions } from './read.ts';
export { loadStockHashes } from '../../notifications/stock-libraries.ts';
export type { ImportPlan } from './plan.ts';

/** The areas the import writes through, as their factories made them (only what their index.ts exports is used). */
export type QinglongImportDeps = Pick<SharedParts, 'jobs' | 'paths' | 'settings' | 'timetable'> & {
  user: { adoption: AccountAdoption };
  configs: { service: ConfigService };
  crons: { service: CronService; views: CronViewService };
  envs: { service: EnvService };
  subscriptions: { service: SubscriptionService };
  dependencies: { service: DependencyService };
  apps: { service: AppService };
};

/**
 * Moving in from Qinglong: reads a Qinglong data folder into a plan (the dry run) and applies it as a job through
 * the other areas' services; the notification channel and the settings go through the settings store.
 */
export function createQinglongImport(deps: QinglongImportDeps): Area<QinglongImportService> {
  const service = new QinglongImportService({
    jobs: deps.jobs,
    targets: {
      adoption: deps.user.adoption,
      configs: deps.configs.service,
      crons: deps.crons.service,
      views: deps.crons.views,
      envs: deps.envs.service,
      subscriptions: deps.subscriptions.service,
      dependencies: deps.dependencies.service,
      apps: deps.apps.service,
      retention: { arm: () => armRetention(deps) },
      settings: deps.settings,
      paths: deps.paths,
    },
    timezone: () => deps.settings.get('timezone'),
    language: () => deps.settings.get('lang'),
  });
  return {
    service,
    routes: async (app) => {
      await qinglongImportRoutes(typed(app), { importer: service });
    },
  };
}
