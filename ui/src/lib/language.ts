/**
 * Picks the interface language by the rules of spec §1. Pure: it gets its inputs as arguments and never touches the
 * DOM, so the rules can be read (and tested) in one place. `languageSources()` and `saveLanguage()` are the only
 * functions here that read or write the browser.
 */
import { isRightToLeft, Locales, toLanguage, type Language, type Locale } from '@contract/i18n.ts';

export const langKey = 'lang';
export const localeKey = 'baihu_locale';

export interface LanguageSources {
  /** `?lang=` of the URL. */
  url: string | null;
  /** The `lang` cookie. */
  cookie: string | null;
  /** localStorage `lang`. */
  storage: string | null;
  /** localStorage `baihu_locale`: the locale chosen last time. */
  savedLocale: string | null;
  /** navigator.language. */
  browser: string | null;
}

export interface LanguageChoice {
  language: Language;
  locale: Locale;
  /** The tag the language was taken from; it decides the text direction. */
  requested: string;
  rtl: boolean;
}

const present = (value: string | null): value is string => value !== null && value.trim() !== '';

export function pickLanguage(sources: LanguageSources): LanguageChoice {
  // URL, cookie, then localStorage 'lang'; anything that is neither en nor zh falls back to zh (toLanguage).
  const explicit = [sources.url, sources.cookie, sources.storage].find(present);
  const saved = Object.values(Locales).find((locale) => locale === sources.savedLocale);
  const requested = explicit ?? saved ?? (present(sources.browser) ? sources.browser : Locales.zh);
  const language = toLanguage(requested);
  return { language, locale: Locales[language], requested, rtl: isRightToLeft(requested) };
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function languageSources(): LanguageSources {
  return {
    url: new URLSearchParams(window.location.search).get(langKey),
    cookie: readCookie(langKey),
    storage: localStorage.getItem(langKey),
    savedLocale: localStorage.getItem(localeKey),
    browser: navigator.language ?? null,
  };
}

/** Remembers a language choice everywhere the rules look: localStorage `lang` and `baihu_locale`, and the cookie. */
export function saveLanguage(language: Language, cookiePath: string): void {
  localStorage.setItem(langKey, language);
  localStorage.setItem(localeKey, Locales[language]);
  const oneYear = 365 * 24 * 60 * 60;
  document.cookie = `${langKey}=${language}; path=${cookiePath || '/'}; max-age=${oneYear}; SameSite=Lax`;
}

/** Switches language the spec's way: remember it, drop any `?lang=` that would override it, and reload. */
export function switchLanguage(language: Language, cookiePath: string): void {
  saveLanguage(language, cookiePath);
  const url = new URL(window.location.href);
  url.searchParams.delete(langKey);
  if (url.href === window.location.href) window.location.reload();
  else window.location.replace(url.href);
}
