/** What the account feature offers other features: the signed-in user, signing out, and how addresses read. */
export { addressLabel } from './address.ts';
export { CurrentUserProvider, useCurrentUser } from './current-user.tsx';
export { signOut } from './signOut.ts';
