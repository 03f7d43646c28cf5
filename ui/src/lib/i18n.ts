import { i18n } from '@lingui/core';
import type { Locale } from '@contract/i18n.ts';

/** Loads only the active language's catalog: the other one never enters the page. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await import(`../locales/${locale}/messages.po`);
  i18n.loadAndActivate({ locale, messages });
}

export { i18n };
