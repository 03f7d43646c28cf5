import { copyFile, readdir, readFile, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { fieldError } from '../../errors/app-error.ts';

/** A mirror or proxy setting: empty (unset) or an http/https URL. Returns the cleaned value. */
export function checkUrl(field: string, value: string): string {
  const text = value.trim();
  if (text === '') return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fieldError(field, 'urlInvalid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || /\s/.test(text)) {
    throw fieldError(field, 'urlInvalid');
  }
  return text;
}

/**
 * Replaces the scheme and host of every package source URL in an apk `repositories` file, an apt `sources.list`
 * or a deb822 `.sources` file with the mirror's. Paths (release, component) stay as they are.
 */
export function rewriteSources(text: string, mirror: string): string {
  const origin = new URL(mirror).origin;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*#/.test(line)) return line;
      return line.replace(/\bhttps?:\/\/[^/\s]+/g, origin);
    })
    .join('\n');
}

const backupSuffix = '.baihu-orig';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** The files that list the Linux package sources on this system. */
export async function sourceFiles(manager: 'apk' | 'apt', etc = '/etc'): Promise<string[]> {
  if (manager === 'apk') return [path.join(etc, 'apk', 'repositories')];
  const files = [path.join(etc, 'apt', 'sources.list')];
  const dir = path.join(etc, 'apt', 'sources.list.d');
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const entry of entries) if (/\.(list|sources)$/.test(entry)) files.push(path.join(dir, entry));
  return files;
}

/**
 * Points the system's package sources at `mirror` (or back at the originals when it is empty). The originals are
 * kept beside each file once, so changing the mirror again starts from them. Returns the files changed.
 */
export async function applyLinuxMirror(manager: 'apk' | 'apt', mirror: string, etc = '/etc'): Promise<string[]> {
  const changed: string[] = [];
  for (const file of await sourceFiles(manager, etc)) {
    const backup = file + backupSuffix;
    const hasBackup = await exists(backup);
    if (!mirror) {
      if (hasBackup) {
        await copyFile(backup, file);
        changed.push(file);
      }
      continue;
    }
    if (!(await exists(file))) continue;
    if (!hasBackup) await copyFile(file, backup);
    const next = rewriteSources(await readFile(backup, 'utf8'), mirror);
    if (next !== (await readFile(file, 'utf8'))) {
      await writeFile(file, next);
      changed.push(file);
    }
  }
  return changed;
}
