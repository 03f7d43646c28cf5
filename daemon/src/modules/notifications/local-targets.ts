import { defaultLocalTargets, type LocalTargets } from '../../contract/local-targets.ts';
import { fieldError } from '../../errors.ts';
import { compileAllowList, normaliseHost } from '../../notify/local-targets.ts';
import { SettingKey, type SettingsStore } from '../system/settings.ts';

export function localTargetsOf(settings: SettingsStore): LocalTargets {
  return settings.get(SettingKey.notifyLocalTargets, defaultLocalTargets);
}

/** Validates and stores the setting; entries are kept trimmed, lower-cased and once each. Applies to the next send. */
export async function saveLocalTargets(settings: SettingsStore, body: LocalTargets): Promise<LocalTargets> {
  const { invalid } = compileAllowList(body.allowed);
  if (invalid.length > 0) throw fieldError('allowed', 'localTargetInvalid', { entry: invalid[0]! });
  const allowed = [...new Set(body.allowed.map(normaliseHost).filter((entry) => entry !== ''))];
  const value: LocalTargets = { allowLocal: body.allowLocal, allowed };
  await settings.set(SettingKey.notifyLocalTargets, value);
  return value;
}
