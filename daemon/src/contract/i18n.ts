/** Languages of the product, and the rules for picking one (spec §1). Shared by the daemon and the UI. */
export const Languages = ['en', 'zh'] as const;
export type Language = (typeof Languages)[number];
export const Locales = { en: 'en-US', zh: 'zh-CN' } as const satisfies Record<Language, string>;
export type Locale = (typeof Locales)[Language];
export const fallbackLanguage: Language = 'zh';
const rightToLeft = ['he', 'ar', 'fa', 'ku'];
/**
 * The header the panel's own UI sends with the language it is shown in. Only this says what the administrator reads:
 * Accept-Language comes from any client (a script signed in with the password sends its own, or none).
 */
export const panelLanguageHeader = 'x-baihu-panel-language';

/** First two letters of a language tag, lower-cased; '' for nothing. */
export function languagePrefix(tag: string | null | undefined): string {
  return (tag ?? '').trim().slice(0, 2).toLowerCase();
}

/** Maps any tag to a supported language; anything that is neither en nor zh falls back to zh. */
export function toLanguage(tag: string | null | undefined): Language {
  const prefix = languagePrefix(tag);
  return (Languages as readonly string[]).includes(prefix) ? (prefix as Language) : fallbackLanguage;
}

/** The language when `value` names one exactly (`en`, `zh`), else null: for values that must not fall back. */
export function exactLanguage(value: unknown): Language | null {
  return typeof value === 'string' && (Languages as readonly string[]).includes(value) ? (value as Language) : null;
}

export function isRightToLeft(tag: string | null | undefined): boolean {
  return rightToLeft.includes(languagePrefix(tag));
}
