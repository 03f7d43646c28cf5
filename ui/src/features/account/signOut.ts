import { api } from '../../lib/api.ts';
import { clearToken } from '../../lib/session.ts';

/** Ends the session on the server (best effort) and forgets the token. */
export async function signOut(): Promise<void> {
  await api.post('user/logout').catch(() => {});
  clearToken();
}
