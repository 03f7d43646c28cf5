import { panelLanguageSeen } from '../../settings/language.ts';
import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { AccountAdoption } from './adopt.ts';
import { UserRepository } from './repository.ts';
import { userRoutes } from './routes.ts';
import { UserService } from './service.ts';

export type { UserService, AccountAdoption };
export type { AdoptedAccount, AdoptOutcome } from './adopt.ts';

/** The one account: sign-in, two-factor, profile and avatar, sign-in history. */
export function createUser(
  deps: Pick<SharedParts, 'db' | 'sessions' | 'clock' | 'paths' | 'notifier' | 'settings'> & { baseUrl: string },
): Area<UserService> & { adoption: AccountAdoption } {
  const repository = new UserRepository(deps.db);
  const service = new UserService(
    repository,
    deps.sessions,
    deps.clock,
    (entry) => deps.notifier.notifyLogin(entry),
    () => deps.settings.set('setupPending', true),
  );
  return {
    service,
    adoption: new AccountAdoption(repository, deps.clock),
    routes: async (app) => {
      await userRoutes(typed(app), {
        users: service,
        uploadDir: deps.paths.upload,
        baseUrl: deps.baseUrl,
        panelLanguage: (lang) => panelLanguageSeen(deps.settings, lang),
      });
    },
  };
}
