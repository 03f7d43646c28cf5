/**
 * The first-run setup's end (no typebox here: the UI imports it). `PUT api/<setupDonePath>` with a signed-in session
 * and body `{}` records that the wizard is finished; from then on `SystemInfo.setupPending` is false. Idempotent.
 * Until the daemon tracks the wizard it answers 404, and the UI relies on what the browser remembers.
 */
export const setupDonePath = 'system/setup/done';
