import { typed, type Area, type SharedParts } from '../../shared.ts';
import { UserRepository } from './repository.ts';
import { userRoutes } from './routes.ts';
import { UserService } from './service.ts';

export type { UserService };

/** The one account: sign-in, two-factor, profile and avatar, sign-in history. */
export function createUser(
  deps: Pick<SharedParts, 'db' | 'sessions' | 'clock' | 'paths' | 'notifier'> & { baseUrl: string },
): Area<UserService> {
  const service = new UserService(new UserRepository(deps.db), deps.sessions, deps.clock, (entry) =>
    deps.notifier.notifyLogin(entry),
  );
  return {
    service,
    routes: async (app) => {
      await userRoutes(typed(app), { users: service, uploadDir: deps.paths.upload, baseUrl: deps.baseUrl });
    },
  };
}
