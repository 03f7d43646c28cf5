/**
 * Qinglong's notification libraries as each release shipped them, by sha256 (qinglong-stock-notify.tsv: one line per
 * release tag, the hashes of sample/notify.js — copied to scripts/sendNotify.js — and sample/notify.py). A file whose
 * hash is listed is Qinglong's own, untouched: Baihu's library (same calls) may take its place. Any other content is
 * the user's. The list is data, read when a library is classified, so a release is added by adding a line.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fromRoot } from '../install/root.ts';
import type { baihuNotifyLibraryNames } from '../contract/import.ts';

/** Qinglong's two notification library files, by name in data/scripts. */
export type NotifyLibraryFile = keyof typeof baihuNotifyLibraryNames;

/** The hashes of every stock release of each library file. */
export type StockLibraryHashes = Readonly<Record<NotifyLibraryFile, ReadonlySet<string>>>;

export const stockListFile = fromRoot('daemon', 'src', 'notifications', 'qinglong-stock-notify.tsv');

const sha256 = /^[a-f0-9]{64}$/;

/** The list's text as hash sets; `#` lines, the header and malformed cells are passed over. */
export function parseStockHashes(tsv: string): StockLibraryHashes & { tags: string[] } {
  const js = new Set<string>();
  const py = new Set<string>();
  const tags: string[] = [];
  for (const line of tsv.split(/\r?\n/)) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [tag, jsHash, pyHash] = line.split('\t').map((cell) => cell.trim().toLowerCase());
    if (!tag || (!sha256.test(jsHash ?? '') && !sha256.test(pyHash ?? ''))) continue;
    tags.push(tag);
    if (sha256.test(jsHash ?? '')) js.add(jsHash!);
    if (sha256.test(pyHash ?? '')) py.add(pyHash!);
  }
  return { 'sendNotify.js': js, 'notify.py': py, tags };
}

/** The list shipped with Baihu. */
export async function loadStockHashes(): Promise<StockLibraryHashes> {
  return parseStockHashes(await readFile(stockListFile, 'utf8'));
}

export const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
