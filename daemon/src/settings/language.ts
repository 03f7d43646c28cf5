import { fallbackLanguage, type Language } from '../contract/i18n.ts';
import type { SettingsStore } from './store.ts';

/**
 * The language of what the daemon writes for people (run-log start and end lines, notifications): the one chosen in
 * the settings, else the one the administrator's panel is shown in, else the spec's fallback.
 */
export function writtenLanguage(settings: SettingsStore): Language {
  if (settings.isSet('lang')) return settings.get('lang');
  return settings.get('uiLang') ?? fallbackLanguage;
}

/** Records the panel's language as seen on a signed-in request; written only when it changed. */
export async function panelLanguageSeen(settings: SettingsStore, lang: Language): Promise<void> {
  if (settings.get('uiLang') !== lang) await settings.set('uiLang', lang);
}
