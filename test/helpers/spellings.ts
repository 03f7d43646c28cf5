/**
 * Every spelling of a request path that a router, a proxy or a careless check might treat differently from the
 * canonical one. Generated from the path itself, so a new route is covered the day it is added.
 */

const hex = (char: string) => [...Buffer.from(char, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`);

/** `char` percent-encoded, upper- or lower-case hex. */
export function encodeChar(char: string, upper: boolean): string {
  const encoded = hex(char).join('');
  return upper ? encoded.toUpperCase() : encoded;
}

/** The fullwidth twin of an ASCII letter or digit (`a` → `ａ`), percent-encoded as a client must send it. */
function fullwidth(char: string): string {
  return encodeURIComponent(String.fromCodePoint(char.codePointAt(0)! + 0xfee0));
}

/** Case variants of one segment: upper, capitalised, and alternating. */
function caseVariants(segment: string): string[] {
  const alternate = [...segment].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
  const variants = [segment.toUpperCase(), segment[0]!.toUpperCase() + segment.slice(1), alternate];
  return [...new Set(variants)].filter((v) => v !== segment);
}

/**
 * Spellings of `path` (canonical, starting with `/`): each character percent-encoded in turn (both hex cases), each
 * segment in other cases and with a fullwidth letter, doubled slashes, dot segments, a trailing slash and `;x=1`
 * suffixes. Each spelling is sent as raw bytes on the wire, exactly as written.
 */
export function spellingsOf(path: string): string[] {
  const out = new Set<string>();
  const chars = [...path];
  chars.forEach((char, i) => {
    if (char === '/') return;
    for (const upper of [true, false]) {
      out.add(chars.slice(0, i).join('') + encodeChar(char, upper) + chars.slice(i + 1).join(''));
    }
  });
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    if (!/[a-z]/i.test(segment)) return;
    const replace = (variant: string) => `/${segments.map((s, j) => (j === i ? variant : s)).join('/')}`;
    for (const variant of caseVariants(segment)) out.add(replace(variant));
    const letter = segment.search(/[a-z]/i);
    out.add(replace(segment.slice(0, letter) + fullwidth(segment[letter]!) + segment.slice(letter + 1)));
    // Dot segments and doubled slashes around this segment.
    const before = segments.slice(0, i).join('/');
    const after = segments.slice(i).join('/');
    const head = before ? `/${before}` : '';
    out.add(`${head}//${after}`);
    out.add(`${head}/./${after}`);
    out.add(`${head}/x/../${after}`);
    out.add(`${head}/%2e/${after}`);
    out.add(`${head}/x/%2e%2e/${after}`);
    out.add(`${head}/;x=1/${after}`);
    out.add(replace(`${segment};x=1`));
  });
  out.add(`/${path}`);
  out.add(`${path}/`);
  out.add(`${path}//`);
  out.add(`${path};x=1`);
  out.add(`${path}/.`);
  out.add(`${path}%2f`);
  out.delete(path);
  return [...out];
}
