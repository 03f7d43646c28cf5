/**
 * Where a visitor may go (spec §2 and the setup flow), as a pure function of the path and what is known:
 * before setup every path leads to /initialization. Once the account exists the panel is usable, however it was made
 * (the wizard, or `PUT api/user/init` from one of Qinglong's clients): the wizard's remaining steps are optional and
 * shown only at /initialization, to a signed-in visitor while they remain (notifications stay in Settings); otherwise
 * /initialization leads on, and every signed-in page leads to /login when there is no token.
 */
import type { PageRoute } from '../routes.ts';

export interface AccessState {
  initialized: boolean;
  signedIn: boolean;
  /** The account exists but the setup wizard has not been finished (its optional steps remain). */
  setupPending?: boolean;
}

export function redirectFor(path: string, page: PageRoute, state: AccessState): string | null {
  if (!state.initialized) return path === '/initialization' || path === '/error' ? null : '/initialization';
  if (path === '/error') return null;
  if (path === '/initialization') return !state.signedIn ? '/login' : state.setupPending ? null : '/dashboard';
  if (path === '/login' && state.signedIn) return '/dashboard';
  if (page.access === 'signedIn' && !state.signedIn) return '/login';
  return null;
}
