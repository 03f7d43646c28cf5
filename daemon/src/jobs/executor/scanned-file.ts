/** What a function made of a file's text, kept until the file changes (mtime, size, inode). */
import { readFileSync, statSync } from 'node:fs';

export class ScannedFile<T> {
  private kept: { stamp: string; value: T } | null = null;

  /** `unreadable`: the value for a file that is there but cannot be read (erring on the side that costs only time). */
  constructor(
    readonly file: string,
    private readonly scan: (text: string) => T,
    private readonly unreadable: T,
  ) {}

  /** null when the file is not there. One stat when it has not changed. */
  value(): T | null {
    const stamp = fileStamp(this.file);
    if (stamp === null) return null;
    if (this.kept?.stamp !== stamp) {
      let value: T;
      try {
        value = this.scan(readFileSync(this.file, 'utf8'));
      } catch {
        value = this.unreadable;
      }
      this.kept = { stamp, value };
    }
    return this.kept.value;
  }
}

export function fileStamp(file: string): string | null {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return null;
  }
}
