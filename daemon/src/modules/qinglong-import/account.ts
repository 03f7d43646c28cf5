/**
 * The account: Qinglong's AuthInfo ({username, password, twoFactorSecret, twoFactorActivated, avatar, …}) from
 * keyv:authInfo (2.17+), else the Auths row of type authConfig, else config/auth.json. Qinglong 2.21 keeps the
 * password in plain text; later versions store `scrypt$<salt hex>$<key hex>`, which Baihu's hash format can carry
 * unchanged (same scrypt parameters, the salt being the hex text itself).
 */
import { passwordMinLength, reservedPassword, usernameMaxLength } from '../../contract/enums.ts';
import { ImportFlavour, ImportKind } from '../../contract/import.ts';
import path from 'node:path';
import type { PlannedAccount, PlannedPassword } from './plan.ts';
import type { ImportReport } from './report.ts';
import { isRecord, text } from './values.ts';

export interface AccountSources {
  keyvAuthInfo: unknown;
  /** The `info` of the Auths row of type authConfig, parsed. */
  authsAuthConfig: unknown;
  /** config/auth.json, parsed. */
  authJson: unknown;
}

const qinglongScrypt = /^scrypt\$([a-f0-9]{32})\$([a-f0-9]{128})$/;
const base32 = /^[A-Z2-7]+=*$/i;

/** Qinglong's stored password as Baihu will check it; null for a hash of a kind Baihu cannot check. */
export function plannedPassword(stored: string): PlannedPassword | null {
  const scrypt = qinglongScrypt.exec(stored);
  if (scrypt) {
    // Qinglong passes the salt's hex text to scrypt as the salt (N 16384, r 8, p 1, 64 bytes): keep those bytes.
    // Baihu NFKC-normalises a password before hashing; a password NFKC changes would not match (rare, noted).
    const salt = Buffer.from(scrypt[1]!, 'utf8').toString('base64');
    const key = Buffer.from(scrypt[2]!, 'hex').toString('base64');
    return { kind: 'hash', value: ['scrypt', 16384, 8, 1, salt, key].join('$') };
  }
  if (/^(scrypt|bcrypt|\$2[aby]\$)/.test(stored)) return null;
  return { kind: 'plain', value: stored };
}

/** Which record holds the account, in Qinglong's own order of preference. */
export function flavourOf(sources: AccountSources): ImportFlavour {
  if (isRecord(sources.keyvAuthInfo)) return ImportFlavour.keyv;
  if (isRecord(sources.authsAuthConfig)) return ImportFlavour.auths;
  if (isRecord(sources.authJson)) return ImportFlavour.authJson;
  return ImportFlavour.none;
}

export function planAccount(sources: AccountSources, report: ImportReport): PlannedAccount | null {
  const flavour = flavourOf(sources);
  const info = {
    [ImportFlavour.keyv]: sources.keyvAuthInfo,
    [ImportFlavour.auths]: sources.authsAuthConfig,
    [ImportFlavour.authJson]: sources.authJson,
    [ImportFlavour.none]: null,
  }[flavour];
  report.found(ImportKind.account);
  if (!isRecord(info)) {
    report.skip(ImportKind.account, '—', { key: 'importAccountMissing' });
    return null;
  }
  const username = text(info.username)?.trim() ?? '';
  const stored = text(info.password) ?? '';
  const item = username || '—';
  if (!username || !stored || (username === 'admin' && stored === reservedPassword)) {
    report.skip(ImportKind.account, item, { key: 'importAccountDefault' });
    return null;
  }
  if ([...username].length > usernameMaxLength) {
    report.skip(ImportKind.account, item, { key: 'tooLong', field: 'username', params: { max: usernameMaxLength } });
    return null;
  }
  if (stored === reservedPassword) {
    report.skip(ImportKind.account, item, { key: 'passwordAdmin' });
    return null;
  }
  const password = plannedPassword(stored);
  if (!password) {
    report.skip(ImportKind.account, item, { key: 'importAccountHashUnknown' });
    return null;
  }
  if (password.kind === 'plain' && [...password.value].length < passwordMinLength) {
    report.notice(ImportKind.account, item, { key: 'importPasswordShort', params: { min: passwordMinLength } });
  }
  // Qinglong once spelled the flag twoFactorActived; it still reads both.
  const activated = info.twoFactorActivated === true || info.twoFactorActived === true;
  const secret = text(info.twoFactorSecret)?.replace(/\s+/g, '') ?? '';
  let twoFactor: PlannedAccount['twoFactor'] = null;
  if (activated && base32.test(secret)) {
    twoFactor = { secret: secret.toUpperCase(), activated: true };
    report.notice(ImportKind.account, item, { key: 'importTwoFactorKept' });
  } else if (activated) {
    report.notice(ImportKind.account, item, { key: 'importTwoFactorDropped' });
  }
  const avatar = text(info.avatar)?.trim();
  report.imported(ImportKind.account);
  return {
    username,
    password,
    twoFactor,
    avatar: avatar ? path.posix.basename(avatar.split('?')[0]!) : null,
  };
}
