import { typed, type Area, type SharedParts } from '../../shared.ts';
import type { ConfigService } from '../configs/index.ts';
import type { CronService, CronViewService } from '../crons/index.ts';
import type { DependencyService } from '../dependencies/index.ts';
import type { EnvService } from '../envs/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { SubscriptionService } from '../subscriptions/index.ts';
import type { AccountAdoption } from '../user/index.ts';
import { qinglongImportRoutes } from './routes.ts';
import { QinglongImportService } from './service.ts';

export type { QinglongImportService };
export type { StartedImport } from './service.ts';

export type QinglongImportDeps = Pick<SharedParts, 'jobs' | 'paths' | 'settings'> & {
  adoption: AccountAdoption;
  configs: ConfigService;
  crons: CronService;
  views: CronViewService;
  envs: EnvService;
  subscriptions: SubscriptionService;
  dependencies: DependencyService;
  notifications: NotificationService;
};

/**
 * Moving in from Qinglong: reads a Qinglong data folder into a plan (the dry run) and applies it as a job through
 * the other areas' services.
 */
export function createQinglongImport(deps: QinglongImportDeps): Area<QinglongImportService> {
  const service = new QinglongImportService({
    jobs: deps.jobs,
    targets: {
      adoption: deps.adoption,
      configs: deps.configs,
      crons: deps.crons,
      views: deps.views,
      envs: deps.envs,
      subscriptions: deps.subscriptions,
      dependencies: deps.dependencies,
      notifications: deps.notifications,
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
