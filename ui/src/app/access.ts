/**
 * Where a visitor may go (spec §2 and the setup flow), as a pure function of the path and what is known:
 * before setup every path leads to /initialization; while the wizard is unfinished (the account exists) a signed-in
 * visitor is sent back to it and anyone else to /login first; after it, /initialization leads on, and every
 * signed-in page leads to /login when there is no token.
 */
import type { PageRoute } from '../routes.ts';

export interface AccessState {
  initialized: boolean;
  signedIn: boolean;
  /** The account exists but the setup wizard has not been finished. */
  setupPending?: boolean;
}

export function redirectFor(path: string, page: PageRoute, state: AccessState): string | null {
  if (!state.initialized) return path === '/initialization' || path === '/error' ? null : '/initialization';
  if (path === '/error') return null;
  if (state.setupPending) {
    if (!state.signedIn) return path === '/login' ? null : '/login';
    return path === '/initialization' ? null : '/initialization';
  }
  if (path === '/initialization') return state.signedIn ? '/dashboard' : '/login';
  if (path === '/login' && state.signedIn) return '/dashboard';
  if (page.access === 'signedIn' && !state.signedIn) return '/login';
  return null;
}
