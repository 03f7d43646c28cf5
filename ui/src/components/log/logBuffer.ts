/**
 * The lines of a log as the log pane draws them. Text is split into lines as it arrives and kept raw (colour
 * escapes and all); a line is read into coloured segments only when it is drawn, which is a screenful at a time.
 * Splitting is what every piece costs, so a 14 MB run is cheap to take in. It is mutable on purpose (copying
 * 100,000 lines per piece would cost more than reading them); `version` changes with every change.
 */
import { AnsiReader, isPlain, stripAnsi, styleAfter, type AnsiSegment, type AnsiStyle } from '../../lib/ansi.ts';

/** Lines kept; older ones are dropped from the top (the file keeps everything, and can be downloaded). */
export const keepLines = 100_000;
/** A longer line is cut into rows of this many characters, so one huge line cannot stall the page. */
export const rowChars = 4_000;

const plain: AnsiStyle = {};

export class LogBuffer {
  /** Raw lines; the last one is still open (no newline yet), possibly empty. */
  readonly lines: string[] = [''];
  /** Lines dropped from the top. */
  dropped = 0;
  /** The number of the first line held, counting from the first line ever read: a stable key for each line. */
  firstLine = 0;
  version = 0;
  /** The colour in force where a line starts, by line number, for the lines that do not start plain. */
  private readonly starts = new Map<number, AnsiStyle>();
  /** The colour in force where the open line starts. */
  private openStyle: AnsiStyle = plain;
  /** A carriage return ended the last piece: the next text decides whether it was a line end (\r\n) or a reset. */
  private pendingReturn = false;

  constructor(private readonly keep = keepLines) {}

  /** Lines to draw: the open one counts once it has text. */
  get count(): number {
    return this.lines[this.lines.length - 1] === '' ? this.lines.length - 1 : this.lines.length;
  }

  /** Reads the next piece of output. */
  append(text: string): void {
    if (text === '') return;
    if (this.pendingReturn) {
      this.pendingReturn = false;
      if (text.startsWith('\n')) {
        this.closeLine();
        text = text.slice(1);
      } else this.lines[this.lines.length - 1] = '';
    }
    if (text.endsWith('\r')) {
      this.pendingReturn = true;
      text = text.slice(0, -1);
    }
    const pieces = text.split('\n');
    for (let i = 0; i < pieces.length; i++) {
      if (i > 0) this.closeLine();
      const piece = pieces[i]!;
      // A line that ends in \r\n: the \r is part of its end, not a redraw.
      this.extendOpen(i < pieces.length - 1 && piece.endsWith('\r') ? piece.slice(0, -1) : piece);
    }
    this.trim();
    this.version++;
  }

  /** Puts a page of earlier text (whole lines, starting plain) before the first line. Returns how many lines. */
  prepend(text: string): number {
    const earlier = new LogBuffer(Number.POSITIVE_INFINITY);
    earlier.append(text.endsWith('\n') ? text.slice(0, -1) : text);
    const added = earlier.lines.slice(0, earlier.count);
    this.lines.unshift(...added);
    this.firstLine -= added.length;
    for (const [line, style] of earlier.starts) this.starts.set(this.firstLine + line, style);
    this.version++;
    return added.length;
  }

  /** The coloured segments of the line at `index` (0 = the first line held). */
  segments(index: number): AnsiSegment[] {
    const raw = this.lines[index] ?? '';
    return new AnsiReader(this.starts.get(this.firstLine + index) ?? plain).read(raw);
  }

  /** The plain text of the lines held (for copying). */
  text(): string {
    return this.lines.slice(0, this.count).map(stripAnsi).join('\n');
  }

  /** Adds text to the open line: a carriage return inside it starts the line again, and a long line is cut. */
  private extendOpen(piece: string): void {
    const at = piece.lastIndexOf('\r');
    if (at >= 0) {
      this.lines[this.lines.length - 1] = '';
      piece = piece.slice(at + 1);
    }
    let open = this.lines[this.lines.length - 1]! + piece;
    while (open.length > rowChars) {
      let cut = rowChars;
      // Never inside a colour escape: cut before an escape that starts in the last few characters.
      const escapeAt = open.lastIndexOf('\x1b', cut);
      if (escapeAt > cut - 32 && escapeAt > 0) cut = escapeAt;
      this.lines[this.lines.length - 1] = open.slice(0, cut);
      this.closeLine();
      open = open.slice(cut);
    }
    this.lines[this.lines.length - 1] = open;
  }

  /** Ends the open line and opens the next, which starts in the colour the closed one ended in. */
  private closeLine(): void {
    const closed = this.lines[this.lines.length - 1]!;
    this.openStyle = styleAfter(this.openStyle, closed);
    this.lines.push('');
    if (!isPlain(this.openStyle)) this.starts.set(this.firstLine + this.lines.length - 1, this.openStyle);
  }

  /** Drops the oldest lines in blocks, so a long run does not shift the whole array for every line. */
  private trim(): void {
    const over = this.lines.length - this.keep;
    if (over <= 0) return;
    const block = Math.max(over, Math.ceil(this.keep / 10));
    this.lines.splice(0, block);
    const first = this.firstLine + block;
    for (const line of this.starts.keys()) if (line < first) this.starts.delete(line);
    this.dropped += block;
    this.firstLine = first;
  }
}

/** A buffer holding one whole text (a log fetched over HTTP). */
export function bufferOf(text: string): LogBuffer {
  const buffer = new LogBuffer();
  buffer.append(text);
  return buffer;
}
