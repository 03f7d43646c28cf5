import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { configRoutes } from './routes.ts';
import { ConfigService } from './service.ts';

export type { ConfigService };

/** data/config: config.sh and the hooks, seeded from the shipped samples. */
export function createConfigs(deps: Pick<SharedParts, 'paths'>): Area<ConfigService> {
  const service = new ConfigService(deps.paths);
  return {
    service,
    routes: async (app) => {
      await configRoutes(typed(app), { configs: service });
    },
  };
}
