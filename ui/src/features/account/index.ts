/**
 * What the account feature offers other features: the signed-in user, signing out, how addresses read, and the
 * username and password fields (setup's account, Security's change).
 */
export { AccountFields, useAccountFields, type AccountValues } from './AccountFields.tsx';
export { addressLabel } from './address.ts';
export { CurrentUserProvider, useCurrentUser } from './current-user.tsx';
export { signOut } from './signOut.ts';
