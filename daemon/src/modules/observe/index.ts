import type { ObservedJobRunner } from '../../jobs/observed.ts';
import type { RunMetrics } from '../../metrics/run-metrics.ts';
import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import type { CronService } from '../tasks/index.ts';
import { observeRoutes } from './routes.ts';

export interface ObserveDeps extends Pick<SharedParts, 'config'> {
  metrics: RunMetrics;
  jobs: Pick<ObservedJobRunner, 'load'>;
  crons: Pick<CronService, 'names'>;
  version: string;
  /** When the daemon started (ms). */
  startedAt: number;
}

/**
 * Looking at the panel from outside: the OpenAPI document of its routes and the Prometheus metrics. Its routes are
 * mounted under /api only (they are not Qinglong's); the service writes the metrics text of this moment.
 */
export function createObserve(deps: ObserveDeps): Area<{ metricsText(): Promise<string> }> {
  const service = {
    async metricsText(): Promise<string> {
      const { queued, running } = deps.jobs.load();
      return deps.metrics.write({
        queued,
        running,
        taskNames: await deps.crons.names(deps.metrics.taskIds()),
        memory: process.memoryUsage(),
        cpu: process.cpuUsage(),
        uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
        startTimeSeconds: Math.round(deps.startedAt / 1000),
      });
    },
  };
  return {
    service,
    routes: async (app) => {
      await observeRoutes(typed(app), {
        metrics: () => service.metricsText(),
        baseUrl: deps.config.baseUrl,
        version: deps.version,
      });
    },
  };
}
