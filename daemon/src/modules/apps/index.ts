import type { FastifyPluginAsync } from 'fastify';
import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { AppRepository } from './repository.ts';
import { appRoutes, appTokenRoutes } from './routes.ts';
import { AppService } from './service.ts';

export type { AppService };

/**
 * Applications of the open API: the administrator's list (`routes`, session only) and the token exchange
 * (`tokenRoutes`, GET /open/auth/token, mounted under /open only). Its service tells the access hook whose a token is.
 */
export function createApps(deps: Pick<SharedParts, 'db' | 'phrases' | 'clock'>): Area<AppService> & {
  tokenRoutes: FastifyPluginAsync;
} {
  const service = new AppService(new AppRepository(deps.db, deps.phrases), deps.clock);
  return {
    service,
    routes: async (app) => {
      await appRoutes(typed(app), { apps: service });
    },
    tokenRoutes: async (app) => {
      await appTokenRoutes(typed(app), { apps: service });
    },
  };
}
