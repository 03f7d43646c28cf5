/**
 * Setup signs the new administrator in: the account was made a moment ago with these credentials, so asking for
 * them again would only be a chore. The session is a normal one (kept in storage), so closing the browser during
 * setup and coming back continues the wizard where it stopped.
 */
import type { LoginResult } from '@contract/user.ts';
import { setupDonePath } from '@contract/setup.ts';
import { api } from '../../lib/api.ts';
import { setPanelZone } from '../../lib/format.ts';
import { setToken } from '../../lib/session.ts';
import type { NotifyClient } from '../notifications/index.ts';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Keeps the session the account step answered. An older daemon answers nothing there: the wizard then signs in with
 * the credentials just chosen (no second factor can exist yet).
 */
export async function signInAfterSetup(created: LoginResult | null, credentials: Credentials): Promise<void> {
  const { token } = created?.token ? created : await api.post<LoginResult>('user/login', credentials);
  setToken(token);
}

/** The notification form's requests, with the session. */
export const sessionClient: NotifyClient = { get: api.get, put: api.put };

/**
 * Tells the daemon setup is finished. A daemon that does not track the wizard answers 404: this browser's own
 * record is then all there is, and that is cleared by the caller either way.
 */
export async function finishSetup(): Promise<void> {
  await api.put<null>(setupDonePath, {}).catch(() => undefined);
}

/**
 * Saves the time zone chosen in setup (the daemon checks it; a refusal leaves the container's zone in force); from
 * then on every time on screen is shown in it.
 */
export async function saveSetupTimezone(timezone: string): Promise<void> {
  await api.put<null>('system/config/timezone', { timezone });
  setPanelZone(timezone);
}
