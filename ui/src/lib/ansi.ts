/**
 * A small ANSI SGR reader for live logs: turns text with colour escapes into styled segments (rendered as React
 * text, so nothing is ever interpreted as HTML). Other escape sequences (cursor moves, titles) are dropped. It keeps
 * its state between pieces, so an escape split across two chunks is still read whole.
 */
export interface AnsiStyle {
  fg?: string;
  bg?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
}

export interface AnsiSegment {
  text: string;
  style: AnsiStyle;
}

/** The 16 basic colours, readable on the log pane's dark background. */
const basic = [
  '#4b5263',
  '#ef596f',
  '#89ca78',
  '#e5c07b',
  '#61afef',
  '#d55fde',
  '#2bbac5',
  '#c8ccd4',
  '#7f848e',
  '#ff7b86',
  '#a5e075',
  '#f0d58a',
  '#7dc4ff',
  '#e48bf0',
  '#5fd7e0',
  '#ffffff',
];

function colour256(n: number): string | undefined {
  if (n < 0 || n > 255) return undefined;
  if (n < 16) return basic[n];
  if (n >= 232) {
    const level = 8 + (n - 232) * 10;
    return `rgb(${level},${level},${level})`;
  }
  const i = n - 16;
  const step = (v: number) => (v === 0 ? 0 : 55 + v * 40);
  return `rgb(${step(Math.floor(i / 36))},${step(Math.floor(i / 6) % 6)},${step(i % 6)})`;
}

function applySgr(style: AnsiStyle, params: number[]): AnsiStyle {
  const next: AnsiStyle = { ...style };
  const codes = params.length ? params : [0];
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code === 0) {
      for (const key of Object.keys(next)) delete next[key as keyof AnsiStyle];
    } else if (code === 1) next.bold = true;
    else if (code === 2) next.dim = true;
    else if (code === 3) next.italic = true;
    else if (code === 4) next.underline = true;
    else if (code === 22) {
      delete next.bold;
      delete next.dim;
    } else if (code === 23) delete next.italic;
    else if (code === 24) delete next.underline;
    else if (code >= 30 && code <= 37) next.fg = basic[code - 30]!;
    else if (code >= 90 && code <= 97) next.fg = basic[code - 90 + 8]!;
    else if (code === 39) delete next.fg;
    else if (code >= 40 && code <= 47) next.bg = basic[code - 40]!;
    else if (code >= 100 && code <= 107) next.bg = basic[code - 100 + 8]!;
    else if (code === 49) delete next.bg;
    else if (code === 38 || code === 48) {
      const key = code === 38 ? 'fg' : 'bg';
      let value: string | undefined;
      if (codes[i + 1] === 5) {
        value = colour256(codes[i + 2] ?? -1);
        i += 2;
      } else if (codes[i + 1] === 2) {
        const [r, g, b] = [codes[i + 2] ?? 0, codes[i + 3] ?? 0, codes[i + 4] ?? 0];
        value = `rgb(${r},${g},${b})`;
        i += 4;
      }
      if (value) next[key] = value;
    }
  }
  return next;
}

// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), or a two-character escape.
// eslint-disable-next-line no-control-regex
const escape = /\x1b(?:\[([0-9;?]*)([@-~])|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/g;
// eslint-disable-next-line no-control-regex
const partialEscape = /\x1b(?:\[[0-9;?]*|\][^\x07]*)?$/;

const sgrParams = (raw: string | undefined): number[] =>
  (raw ?? '')
    .split(';')
    .filter((p) => p !== '')
    .map(Number);

/** The style in force after `text`, starting from `style` (only colour escapes count). */
export function styleAfter(style: AnsiStyle, text: string): AnsiStyle {
  if (!text.includes('\x1b')) return style;
  let next = style;
  for (const match of text.matchAll(escape)) if (match[2] === 'm') next = applySgr(next, sgrParams(match[1]));
  return next;
}

/** A style with nothing set (the terminal's default). */
export const isPlain = (style: AnsiStyle): boolean => Object.keys(style).length === 0;

export class AnsiReader {
  private pending = '';

  /** `style`: the style in force where the text starts (a line in the middle of a coloured block). */
  constructor(private style: AnsiStyle = {}) {}

  /** Reads the next piece of output; returns its styled segments. */
  read(input: string): AnsiSegment[] {
    let text = this.pending + input;
    this.pending = '';
    const partial = partialEscape.exec(text);
    if (partial) {
      this.pending = partial[0];
      text = text.slice(0, partial.index);
    }
    const segments: AnsiSegment[] = [];
    let last = 0;
    const push = (piece: string) => {
      if (piece) segments.push({ text: piece, style: this.style });
    };
    for (const match of text.matchAll(escape)) {
      push(text.slice(last, match.index));
      last = match.index + match[0].length;
      if (match[2] === 'm') this.style = applySgr(this.style, sgrParams(match[1]));
    }
    push(text.slice(last));
    return segments;
  }
}

/** Plain text of a piece with every escape removed (for copying and tests). */
export function stripAnsi(text: string): string {
  return text.replace(escape, '');
}
