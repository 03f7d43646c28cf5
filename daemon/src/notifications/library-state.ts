/**
 * Is scripts/sendNotify.js (or notify.py) the user's? Qinglong's libraries carry no version header and change with
 * every release, so they are recognised by content: a file whose sha256 is one of Qinglong's stock releases
 * (stock-libraries.ts) is Qinglong's, untouched. Any other content is the user's own: Qinglong's library edited
 * (its shape is still there; the evidence names the settings written into it, never their values), or another
 * library altogether (foreign). Baihu's own library has its version marker.
 */
import { baihuNotifyLibraryNames, NotifyLibraryState } from '../contract/import.ts';
import type { ImportNotifyLibrary } from '../contract/import-schemas.ts';
import { sha256Of, type NotifyLibraryFile, type StockLibraryHashes } from './stock-libraries.ts';

/** The number after `baihu-notify-version:` in a library's first lines; 0 for a file without one (Qinglong's). */
export function libraryVersion(text: string): number {
  const match = /baihu-notify-version:\s*(\d+)/.exec(text.slice(0, 300));
  return match ? Number(match[1]) : 0;
}

export type { NotifyLibraryFile };

/** Values Qinglong's own libraries ship filled in; a setting with one of these is not an edit. */
const shippedValues = new Set([
  'http://qn.whyour.cn/logo.png',
  'https://qn.whyour.cn/logo.png',
  'QingLong',
  'qinglong',
  'api.telegram.org',
  'https://api.telegram.org',
  'https://ntfy.sh',
  'https://qyapi.weixin.qq.com',
  'https://api2.pushdeer.com/message/push',
  'https://push.i-i.me/',
  'false',
  'true',
  'html',
  'txt',
  'wechat',
  'pro',
  'POST',
  'GET',
  'application/json',
  'room',
  '0',
  '1',
  '3',
]);

/** Keys that hold where a message goes or who may send it: filling one in is what users do to the file. */
const settingKey =
  /^[A-Z][A-Z0-9_]*(TOKEN|KEY|SECRET|PASSWORD|PASS|PUSH|USER|USERS|UID|UIDS|EMAIL|QQ|AM|ID|IDS|URL|HOST|WEBHOOK|SERVER|NAME|TO)$/;

/** `KEY = 'value'` / `KEY: 'value'` / `'KEY': 'value'` assignments with a non-empty quoted value. */
const assignment = /['"]?([A-Z][A-Z0-9_]{2,})['"]?\s*[:=]\s*(['"`])((?:(?!\2)[^\\\n]|\\.)*)\2/g;

/** The settings written into a Qinglong library (key names only: the values may be secrets). */
export function filledSettings(source: string): string[] {
  const keys = new Set<string>();
  for (const match of source.matchAll(assignment)) {
    const [, key, , value] = match;
    if (!key || !value || value.trim() === '' || !settingKey.test(key)) continue;
    // A template (`https://api.day.app/${process.env.BARK_PUSH}`) is the library's own code, not a setting.
    if (shippedValues.has(value.trim()) || value.includes('${') || value.includes('{')) continue;
    keys.add(key);
  }
  return [...keys].sort();
}

function isQinglongLibrary(file: NotifyLibraryFile, source: string): boolean {
  if (file === 'sendNotify.js') {
    return /function\s+sendNotify\s*\(/.test(source) && /(module\.)?exports/.test(source) && /sendNotify/.test(source);
  }
  return /\bpush_config\b/.test(source) && /^def\s+send\s*\(/m.test(source);
}

/** The state of one library file; `bytes` are its content, or null when it is absent. */
export function classifyNotifyLibrary(
  file: NotifyLibraryFile,
  bytes: Buffer | string | null,
  stock: StockLibraryHashes,
): ImportNotifyLibrary {
  const result = (state: NotifyLibraryState, evidence: string[] = []): ImportNotifyLibrary => ({
    file,
    state,
    evidence,
    baihuName: baihuNotifyLibraryNames[file],
  });
  if (bytes === null) return result(NotifyLibraryState.absent);
  if (stock[file].has(sha256Of(bytes))) return result(NotifyLibraryState.stock);
  const source = bytes.toString();
  if (libraryVersion(source) > 0) return result(NotifyLibraryState.baihu);
  if (!isQinglongLibrary(file, source)) return result(NotifyLibraryState.foreign);
  return result(NotifyLibraryState.edited, filledSettings(source));
}
