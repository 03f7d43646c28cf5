/**
 * The sign-in lockout. Failures are counted per client address, with Qinglong's rule and wire behaviour: three are
 * free, then every attempt from that address waits 3ⁿ seconds after its n-th failure (HTTP 429, code 410, `data` =
 * seconds), even with the right password. The account also counts failures from all addresses together; past ten,
 * addresses that have not signed in successfully lately wait too, but never more than a quarter of an hour. Before,
 * one counter for the only account let anyone keep its owner out for hours by failing three times.
 */

/** Failures an address gets before each further attempt from it must wait. */
export const freeAttempts = 3;
/** The longest one address waits (3ⁿ passes a day after the 11th failure). */
export const addressCeilingSeconds = 24 * 3600;
/** Failures on the account, from every address together, before unknown addresses must wait. */
export const accountFreeAttempts = 10;
/** The longest the account's counter makes anyone wait: it slows distributed guessing, not the owner for long. */
export const accountCeilingSeconds = 15 * 60;
/** How long an address that signed in stays known, and so out of reach of the account's counter. */
export const knownAddressMs = 30 * 24 * 3600 * 1000;

/** Seconds an address waits after its `failures`-th consecutive failure. */
export function lockoutSeconds(failures: number): number {
  return failures >= freeAttempts ? Math.min(3 ** failures, addressCeilingSeconds) : 0;
}

/** Seconds unknown addresses wait after the account's `failures`-th consecutive failure: 27 s, 81 s, ... 15 min. */
export function accountLockoutSeconds(failures: number): number {
  if (failures < accountFreeAttempts) return 0;
  return Math.min(3 ** (failures - accountFreeAttempts + freeAttempts), accountCeilingSeconds);
}

/** Whole seconds left of a wait of `seconds` that began at `since` (0 when over or when there is none). */
export function secondsLeft(seconds: number, since: number | null, now: number): number {
  if (seconds === 0 || since === null) return 0;
  const left = since + seconds * 1000 - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
