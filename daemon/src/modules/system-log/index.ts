import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { SystemLogFile } from '../../system-log/daily-file.ts';
import { systemLogRoutes } from './routes.ts';
import { SystemLogService } from './service.ts';

export type { SystemLogService };

export type SystemLogDeps = Pick<SharedParts, 'settings' | 'live' | 'clock' | 'paths' | 'timezone'> & {
  /**
   * The destination the daemon's logger writes to (server.ts makes it before the app); without one (tests, tools),
   * data/syslog is read as it is and this daemon writes nothing there.
   */
  file: SystemLogFile | undefined;
};

/** The daemon's own log: data/syslog, its filtered view and live tail, Qinglong's stream and delete, its settings. */
export function createSystemLog(deps: SystemLogDeps): Area<SystemLogService> {
  const file = deps.file ?? new SystemLogFile({ dir: deps.paths.syslog, echo: () => {} });
  // Its days begin at the panel's midnight.
  file.useTimezone(deps.timezone);
  const service = new SystemLogService(file, deps.settings, deps.live, () => deps.clock.now());
  return {
    service,
    routes: async (app) => {
      await systemLogRoutes(typed(app), { systemLog: service });
    },
    start: async () => service.start(),
    close: async () => service.close(),
  };
}
