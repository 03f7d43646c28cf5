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

/** The kinds of odd spelling: a fault in how one of them is routed or checked shows on any of its members. */
export const spellingFamilies = [
  'percent-encoded, upper hex',
  'percent-encoded, lower hex',
  'encoded slash',
  'segment case',
  'fullwidth letter',
  'doubled slash',
  'dot segment',
  'path parameter',
  'trailing slash',
] as const;
export type SpellingFamily = (typeof spellingFamilies)[number];

/**
 * Spellings of `path` (canonical, starting with `/`) by family: each character percent-encoded in turn (both hex
 * cases), each segment in other cases and with a fullwidth letter, doubled slashes, dot segments, a trailing slash and
 * `;x=1` suffixes. Each spelling is sent as raw bytes on the wire, exactly as written; none is the canonical path, and
 * none appears in two families.
 */
export function spellingsByFamily(path: string): Record<SpellingFamily, string[]> {
  const families = Object.fromEntries(spellingFamilies.map((f) => [f, new Set<string>()])) as Record<
    SpellingFamily,
    Set<string>
  >;
  const chars = [...path];
  chars.forEach((char, i) => {
    if (char === '/') return;
    for (const upper of [true, false]) {
      const family = upper ? 'percent-encoded, upper hex' : 'percent-encoded, lower hex';
      families[family].add(chars.slice(0, i).join('') + encodeChar(char, upper) + chars.slice(i + 1).join(''));
    }
  });
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    if (!/[a-z]/i.test(segment)) return;
    const replace = (variant: string) => `/${segments.map((s, j) => (j === i ? variant : s)).join('/')}`;
    for (const variant of caseVariants(segment)) families['segment case'].add(replace(variant));
    const letter = segment.search(/[a-z]/i);
    families['fullwidth letter'].add(
      replace(segment.slice(0, letter) + fullwidth(segment[letter]!) + segment.slice(letter + 1)),
    );
    // Dot segments and doubled slashes around this segment.
    const before = segments.slice(0, i).join('/');
    const after = segments.slice(i).join('/');
    const head = before ? `/${before}` : '';
    families['doubled slash'].add(`${head}//${after}`);
    for (const dots of ['/./', '/x/../', '/%2e/', '/x/%2e%2e/']) families['dot segment'].add(`${head}${dots}${after}`);
    families['path parameter'].add(`${head}/;x=1/${after}`);
    families['path parameter'].add(replace(`${segment};x=1`));
  });
  families['doubled slash'].add(`/${path}`);
  families['trailing slash'].add(`${path}/`);
  families['doubled slash'].add(`${path}//`);
  families['path parameter'].add(`${path};x=1`);
  families['dot segment'].add(`${path}/.`);
  families['encoded slash'].add(`${path}%2f`);
  const seen = new Set([path]);
  const out = {} as Record<SpellingFamily, string[]>;
  for (const family of spellingFamilies) {
    out[family] = [...families[family]].filter((spelled) => !seen.has(spelled));
    for (const spelled of out[family]) seen.add(spelled);
  }
  return out;
}

/** Every spelling of `path` but the canonical one, all families together. */
export function spellingsOf(path: string): string[] {
  return Object.values(spellingsByFamily(path)).flat();
}
