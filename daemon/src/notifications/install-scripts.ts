import { fromRoot } from '../install/root.ts';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { baihuNotifyLibraryNames, NotifyLibraryState } from '../contract/import.ts';
import type { ImportNotifyLibrary } from '../contract/import-schemas.ts';
import type { DataPaths } from '../config/paths.ts';
import { classifyNotifyLibrary, libraryVersion, type NotifyLibraryFile } from './library-state.ts';
import type { StockLibraryHashes } from './stock-libraries.ts';

export { libraryVersion } from './library-state.ts';
export { loadStockHashes } from './stock-libraries.ts';

const shipped: NotifyLibraryFile[] = ['sendNotify.js', 'notify.py'];
const sourceDir = fromRoot('daemon', 'src', 'notifications', 'scripts');

/** The text of Baihu's library as shipped. */
export const shippedLibrary = (file: NotifyLibraryFile): Promise<string> =>
  readFile(path.join(sourceDir, file), 'utf8');

interface Logger {
  info(obj: object, msg?: string): void;
}

/** Writes Baihu's library to `destination` unless a copy as new or newer is there already. */
async function installAt(destination: string, text: string): Promise<boolean> {
  const current = await readFile(destination, 'utf8').catch(() => undefined);
  if (current !== undefined && libraryVersion(current) >= libraryVersion(text)) return false;
  await writeFile(destination, text);
  return true;
}

/**
 * Puts sendNotify.js and notify.py into data/scripts when they are missing or older than the shipped ones, so
 * existing scripts `require('./sendNotify')` / `from notify import send` unchanged. Qinglong's library as shipped
 * (from an imported volume: byte for byte a release, stock-libraries.ts) is copied to data/bak and replaced: Baihu's
 * offers the same calls. A file that is the user's — Qinglong's changed in any way, or not Qinglong's at all — is never
 * replaced: it stays, Baihu's
 * goes beside it as baihuNotify.js / baihu_notify.py, and the answer lists it so the panel can say so. `stock` is
 * the list of Qinglong's releases (loadStockHashes()).
 */
export async function installScriptLibraries(
  paths: Pick<DataPaths, 'scripts' | 'bak'>,
  stock: StockLibraryHashes,
  log?: Logger,
): Promise<ImportNotifyLibrary[]> {
  const kept: ImportNotifyLibrary[] = [];
  for (const file of shipped) {
    const text = await shippedLibrary(file);
    const destination = path.join(paths.scripts, file);
    const current = await readFile(destination).catch(() => null);
    const state = classifyNotifyLibrary(file, current, stock);
    if (state.state === NotifyLibraryState.edited || state.state === NotifyLibraryState.foreign) {
      kept.push(state);
      if (await installAt(path.join(paths.scripts, baihuNotifyLibraryNames[file]), text)) {
        log?.info({ file, beside: baihuNotifyLibraryNames[file] }, "notification library installed beside the user's");
      }
      continue;
    }
    if (state.state === NotifyLibraryState.stock) {
      await copyFile(destination, path.join(paths.bak, `${file}.${Date.now()}.bak`));
    }
    if (await installAt(destination, text)) log?.info({ file }, 'notification library installed');
  }
  return kept;
}
