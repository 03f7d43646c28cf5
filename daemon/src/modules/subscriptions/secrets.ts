/** Secrets of a pull never reach a log or a reply: every occurrence is replaced before a line is written. */
import { maskedSecret } from '../../contract/enums.ts';

/** The user-info part of URLs (`https://user:token@host`) is always hidden. */
const urlCredentials = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi;

/** A masking function for these secrets (empty and very short ones are ignored; they would mask everything). */
export function maskerOf(secrets: readonly (string | null | undefined)[]): (text: string) => string {
  const list = [
    ...new Set(
      secrets
        .filter((s): s is string => typeof s === 'string' && s.length >= 3)
        .flatMap((s) => [s, encodeURIComponent(s), Buffer.from(s).toString('base64')]),
    ),
  ].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text.replace(urlCredentials, '$1***@');
    for (const secret of list) out = out.split(secret).join(maskedSecret);
    return out;
  };
}
