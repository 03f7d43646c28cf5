/**
 * The first-run setup's end (no typebox here: the UI imports it). `PUT api/<setupDonePath>` with a signed-in session
 * and body `{}` records that the wizard is finished; from then on `SystemInfo.setupPending` is false. Idempotent.
 * The wizard's account step (`PUT api/user/init`) answers a session (`LoginResult`), so the wizard needs no password
 * after it. An older daemon answers 404 here and null there; the UI then relies on what the browser remembers.
 */
export const setupDonePath = 'system/setup/done';
