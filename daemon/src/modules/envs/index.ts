import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { EnvRepository } from './repository.ts';
import { envRoutes } from './routes.ts';
import { EnvService } from './service.ts';

export type { EnvService };
/** The rules a variable is checked with (the Qinglong import checks its rows with them). */
export { cleanLabels, nameIssue } from './validate.ts';

/** The panel's environment variables (what every run sees). */
export function createEnvs(deps: Pick<SharedParts, 'db' | 'phrases' | 'clock'>): Area<EnvService> {
  const service = new EnvService(new EnvRepository(deps.db, deps.phrases), deps.clock);
  return {
    service,
    routes: async (app) => {
      await envRoutes(typed(app), { envs: service });
    },
  };
}
