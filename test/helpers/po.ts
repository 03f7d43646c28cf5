import { readFileSync } from 'node:fs';

/** One entry of a gettext catalog as Lingui writes it: the source text, its context, its call sites, its text. */
export interface PoEntry {
  id: string;
  context: string | null;
  /** `#:` lines: one per call site (file names only: the catalogs are written without line numbers). */
  origins: string[];
  translation: string;
}

const unquote = (line: string, key: string): string => JSON.parse(line.slice(key.length + 1)) as string;

/** The entries of a .po file (the header, whose msgid is empty, left out). */
export function readPo(file: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const value = (key: string) => {
      const line = lines.find((l) => l.startsWith(`${key} "`));
      return line === undefined ? null : unquote(line, key);
    };
    const id = value('msgid');
    if (!id) continue;
    entries.push({
      id,
      context: value('msgctxt'),
      origins: lines.filter((l) => l.startsWith('#: ')).flatMap((l) => l.slice(3).trim().split(/\s+/)),
      translation: value('msgstr') ?? '',
    });
  }
  return entries;
}
