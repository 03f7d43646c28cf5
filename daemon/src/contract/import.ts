/**
 * Moving in from Qinglong: the kinds of things an import brings, the source's flavour, and the reasons a dry run and
 * the real run give for what they skip or bring with a caveat. Constants only (no typebox), so the UI can import it
 * cheaply; the wire shapes are in import-schemas.ts.
 */
import type { Language } from './i18n.ts';
import { formatMessage, labelOf, type MessageKey } from './messages.ts';

export const ImportKind = {
  account: 'account',
  task: 'task',
  view: 'view',
  variable: 'variable',
  subscription: 'subscription',
  dependency: 'dependency',
  app: 'app',
  notification: 'notification',
  setting: 'setting',
  file: 'file',
} as const;
export type ImportKind = (typeof ImportKind)[keyof typeof ImportKind];
export const ImportKinds = Object.values(ImportKind);

export const importKindLabels: Record<ImportKind, Record<Language, string>> = {
  account: { en: 'Account', zh: '账户' },
  task: { en: 'Tasks', zh: '定时任务' },
  view: { en: 'Task views', zh: '任务视图' },
  variable: { en: 'Variables', zh: '环境变量' },
  subscription: { en: 'Subscriptions', zh: '订阅' },
  dependency: { en: 'Dependencies', zh: '依赖' },
  app: { en: 'Applications', zh: '应用' },
  notification: { en: 'Notification', zh: '通知' },
  setting: { en: 'Settings', zh: '设置' },
  file: { en: 'Files', zh: '文件' },
};

/**
 * Where the source keeps its account: `keyv` (db/keyv.sqlite, Qinglong 2.17 and later, 2.21 included), `auths` (an
 * `Auths` row of type authConfig in database.sqlite), `authJson` (config/auth.json, the oldest), or `none`.
 */
export const ImportFlavour = { keyv: 'keyv', auths: 'auths', authJson: 'authJson', none: 'none' } as const;
export type ImportFlavour = (typeof ImportFlavour)[keyof typeof ImportFlavour];

/** A message of the catalogue with its parameters; `{label}` is filled from `field` in the reader's language. */
export interface ImportReason {
  key: MessageKey;
  params?: Record<string, string | number>;
  /** The field the reason is about (its label is shown); absent when the reason concerns the whole item. */
  field?: string;
  /** The rule behind it, shown as `{why}` (e.g. a field left out because of Baihu's cron rule). */
  cause?: Omit<ImportReason, 'cause'>;
}

/** The reason in words, in `lang`. */
export function formatImportReason(reason: ImportReason, lang: Language): string {
  const params = { ...(reason.params ?? {}) };
  if (reason.field) params.label = labelOf(reason.field, lang);
  if (reason.cause) params.why = formatImportReason(reason.cause, lang);
  return formatMessage(reason.key, lang, params);
}

/** What happens to each folder of the source's data directory. */
export const FileAction = {
  /** Copied into Baihu's data directory. */
  copy: 'copy',
  /** The source is Baihu's own data directory: the files stay where they are. */
  adopt: 'adopt',
} as const;
export type FileAction = (typeof FileAction)[keyof typeof FileAction];

/** What the import finds at scripts/sendNotify.js and scripts/notify.py. */
export const NotifyLibraryState = {
  absent: 'absent',
  /** Baihu's own library (it carries Baihu's version marker). */
  baihu: 'baihu',
  /** Byte for byte one of Qinglong's releases (its sha256 is listed): Baihu's library (same calls) takes its place. */
  stock: 'stock',
  /** Qinglong's library, changed (it matches no release): the user's, kept where it is. */
  edited: 'edited',
  /** Not Qinglong's library at all (the user's own, or a repository's): kept where it is. */
  foreign: 'foreign',
} as const;
export type NotifyLibraryState = (typeof NotifyLibraryState)[keyof typeof NotifyLibraryState];

/** The name Baihu's library is importable under when the user's own file keeps the Qinglong name. */
export const baihuNotifyLibraryNames = { 'sendNotify.js': 'baihuNotify.js', 'notify.py': 'baihu_notify.py' } as const;
