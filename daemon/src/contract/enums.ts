/** Every status and enumeration shared by the daemon and the UI, defined once (numbers as Qinglong has them on the wire). */

/** Qinglong's login status numbers on the wire. */
export const LoginStatus = { success: 0, fail: 1 } as const;
export type LoginStatus = (typeof LoginStatus)[keyof typeof LoginStatus];

export const Platform = { desktop: 'desktop', mobile: 'mobile' } as const;
export type Platform = (typeof Platform)[keyof typeof Platform];

export const reservedPassword = 'admin';
export const usernameMaxLength = 50;
export const passwordMinLength = 6;
export const passwordMaxLength = 128;

