/**
 * System settings (the Auths row of type `systemConfig`, and keyv:lang): the ones Baihu has are checked with its
 * rules (concurrency range, a known time zone, en/zh, http(s) mirrors and proxy, the log deletion frequency's days);
 * the ones it has no place for yet (panel title, global SSH key) are carried as pending and reported.
 */
import { ImportKind } from '../../contract/import.ts';
import { maxLogRemoveDays } from '../../contract/retention.ts';
import { Languages, languagePrefix } from '../../contract/i18n.ts';
import { checkUrl } from '../dependencies/index.ts';
import { maxConcurrency } from '../system/index.ts';
import type { PendingSettings, PlannedSettings } from './plan.ts';
import { reasonOfError, type ImportReport } from './report.ts';
import { integer, isRecord, text, trimmed } from './values.ts';

export function isTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function planSettings(
  config: unknown,
  keyvLang: unknown,
  report: ImportReport,
): { settings: PlannedSettings; pending: PendingSettings } {
  const info = isRecord(config) ? config : {};
  const settings: PlannedSettings = {};
  const pending: PendingSettings = {};
  const invalid = (field: string, value: unknown) =>
    report.skip(ImportKind.setting, field, { key: 'importSettingInvalid', field, params: { value: String(value) } });

  const concurrency = info.cronConcurrency;
  if (concurrency !== undefined && concurrency !== null && concurrency !== '') {
    report.found(ImportKind.setting);
    const value = integer(concurrency);
    if (value !== null && value >= 1 && value <= maxConcurrency) {
      settings.cronConcurrency = value;
      report.imported(ImportKind.setting);
    } else invalid('cronConcurrency', concurrency);
  }
  const timezone = trimmed(info.timezone);
  if (timezone) {
    report.found(ImportKind.setting);
    if (isTimezone(timezone)) {
      settings.timezone = timezone;
      report.imported(ImportKind.setting);
    } else invalid('timezone', timezone);
  }
  // keyv:lang is what Qinglong 2.21 reads; the systemConfig copy is older.
  const lang = trimmed(keyvLang) ?? trimmed(info.lang);
  if (lang) {
    report.found(ImportKind.setting);
    const prefix = languagePrefix(lang);
    if ((Languages as readonly string[]).includes(prefix)) {
      settings.lang = prefix as PlannedSettings['lang'];
      report.imported(ImportKind.setting);
    } else invalid('lang', lang);
  }
  for (const field of ['dependenceProxy', 'nodeMirror', 'pythonMirror', 'linuxMirror'] as const) {
    const value = trimmed(info[field]);
    if (!value) continue;
    report.found(ImportKind.setting);
    try {
      settings[field] = checkUrl(field, value);
      report.imported(ImportKind.setting);
    } catch (error) {
      report.skip(ImportKind.setting, field, reasonOfError(error));
    }
  }
  // Empty or 0 is off on Qinglong, as here: nothing to bring.
  const frequency = info.logRemoveFrequency;
  if (frequency !== undefined && frequency !== null && frequency !== '' && integer(frequency) !== 0) {
    report.found(ImportKind.setting);
    const days = integer(frequency);
    if (days !== null && days > 0 && days <= maxLogRemoveDays) {
      settings.logRemoveFrequency = days;
      report.imported(ImportKind.setting);
    } else invalid('logRemoveFrequency', frequency);
  }
  const title = trimmed(info.panelTitle);
  if (title) pending.panelTitle = title;
  const sshKey = text(info.globalSshKey);
  if (sshKey && sshKey.trim() !== '') pending.globalSshKey = sshKey;
  for (const field of Object.keys(pending)) {
    report.found(ImportKind.setting);
    report.skip(ImportKind.setting, field, { key: 'importSettingUnsupported', field });
  }
  return { settings, pending };
}
