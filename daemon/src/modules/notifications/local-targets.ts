import type { LocalTargets } from '../../contract/local-targets.ts';
import { fieldError } from '../../errors/app-error.ts';
import { compileAllowList, normaliseHost } from '../../notifications/local-targets.ts';
import type { SettingsStore } from '../../settings/store.ts';

export function localTargetsOf(settings: SettingsStore): LocalTargets {
  return settings.get('notifyLocalTargets');
}

/** Validates and stores the setting; entries are kept trimmed, lower-cased and once each. Applies to the next send. */
export async function saveLocalTargets(settings: SettingsStore, body: LocalTargets): Promise<LocalTargets> {
  const { invalid } = compileAllowList(body.allowed);
  if (invalid.length > 0) throw fieldError('allowed', 'localTargetInvalid', { entry: invalid[0]! });
  const allowed = [...new Set(body.allowed.map(normaliseHost).filter((entry) => entry !== ''))];
  const value: LocalTargets = { allowLocal: body.allowLocal, allowed };
  await settings.set('notifyLocalTargets', value);
  return value;
}
