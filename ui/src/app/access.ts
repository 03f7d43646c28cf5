/**
 * Where a visitor may go (spec §2 and the setup flow), as a pure function of the path and what is known:
 * before setup every path leads to /initialization; after it, /initialization leads to /login, and every
 * signed-in page leads to /login when there is no token.
 */
import type { PageRoute } from '../routes.ts';

export interface AccessState {
  initialized: boolean;
  signedIn: boolean;
}

export function redirectFor(path: string, page: PageRoute, state: AccessState): string | null {
  if (!state.initialized) return path === '/initialization' || path === '/error' ? null : '/initialization';
  if (path === '/initialization') return '/login';
  if (path === '/login' && state.signedIn) return '/crontab';
  if (page.access === 'signedIn' && !state.signedIn) return '/login';
  return null;
}
