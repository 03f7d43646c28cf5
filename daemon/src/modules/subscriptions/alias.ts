/** The unique value (alias) of a subscription: it names data/scripts/<alias>, data/repo/<alias>, the log folder and the key. */
import path from 'node:path';
import { SubscriptionType } from '../../contract/enums.ts';

const aliasMaxLength = 100;
/** A safe folder name: letters, digits, `_`, `-`, `.`; not starting with `.` (no `..`, no hidden folders). */
const aliasPattern = /^[\p{L}\p{N}_-][\p{L}\p{N}_.-]*$/u;

export const isValidAlias = (alias: string) => alias.length <= aliasMaxLength && aliasPattern.test(alias);

/** `git@host:owner/repo.git` and `ssh://…` are reached with a key. */
export const isSshUrl = (url: string) => /^(ssh:\/\/|[\w.-]+@[\w.-]+:)/.test(url.trim());

/** The path part of a URL, whatever its form (https, ssh, scp-like, file). */
function pathOfUrl(url: string): string {
  const trimmed = url.trim();
  const scp = /^[\w.-]+@[\w.-]+:(.*)$/.exec(trimmed);
  if (scp && !trimmed.includes('://')) return scp[1]!;
  try {
    return decodeURIComponent(new URL(trimmed).pathname);
  } catch {
    return trimmed;
  }
}

const sanitize = (text: string) =>
  text
    .replace(/[/.]/g, '_')
    .replace(/[^\p{L}\p{N}_-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, aliasMaxLength);

/**
 * Qinglong's derived alias: `<owner>_<repo>[_<branch>]` for repositories (`/` and `.` become `_`), the file name
 * without its extension for a file.
 */
export function aliasOf(type: string, url: string, branch: string | null): string {
  const segments = pathOfUrl(url)
    .split('/')
    .filter((s) => s !== '');
  if (type === SubscriptionType.file) {
    const file = segments.at(-1) ?? 'raw';
    return sanitize(file.replace(/\.[^.]*$/, '')) || 'raw';
  }
  const repo = (segments.at(-1) ?? 'repo').replace(/\.git$/, '');
  const owner = segments.at(-2);
  const parts = [owner, repo, branch?.trim() || undefined].filter((p): p is string => !!p);
  return sanitize(parts.join('_')) || 'repo';
}

/** A readable default name: the repository or file name. */
export function nameOfUrl(url: string): string {
  const last = pathOfUrl(url)
    .split('/')
    .filter((s) => s !== '')
    .at(-1);
  return (last ?? url).replace(/\.git$/, '') || url;
}

/** The file name a file subscription saves under (the last path segment, made safe). */
export function fileNameOfUrl(url: string): string {
  const base = path.posix.basename(pathOfUrl(url)) || 'raw';
  const safe = base.replace(/[^\p{L}\p{N}_.-]+/gu, '_').replace(/^\.+/, '');
  return safe || 'raw';
}
