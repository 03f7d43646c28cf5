/** Secrets of a pull never reach a log or a reply: every occurrence is replaced before a line is written. */
import { maskedSecret } from '../../contract/enums.ts';
import { redactUrls } from '../../errors/redact.ts';

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
    // The user-info part and the query values of URLs (`https://user:token@host/f.js?token=…`) are always hidden.
    let out = redactUrls(text);
    for (const secret of list) out = out.split(secret).join(maskedSecret);
    return out;
  };
}
