import { Secret, TOTP } from 'otpauth';

const totpIssuer = 'Baihu';

function totpFor(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: totpIssuer,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUrl(secret: string, username: string): string {
  return totpFor(secret, username).toString();
}

/**
 * Accepts the current code and its neighbours (±30 s) to allow for clock drift between phone and server. Returns the
 * time step the code belongs to, or null. A caller refuses a step it has already accepted, so a code seen over a
 * shoulder or in a proxy log cannot be replayed.
 */
export function verifyTotp(secret: string, username: string, code: string, now: number): number | null {
  const delta = totpFor(secret, username).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 30_000) + delta;
}
