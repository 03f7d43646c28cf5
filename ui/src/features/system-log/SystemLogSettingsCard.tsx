import { systemLogDaysMax, systemLogMaxMbMax } from '@contract/system-log-schemas.ts';
import { useLingui } from '@lingui/react/macro';
import { NumberSettingsCard } from '../../components/NumberSettingsCard.tsx';
import { getSystemLogSettings, saveSystemLogSettings } from './api.ts';

/** How many days of system log are kept and how much room they may take. */
export function SystemLogSettingsCard() {
  const { t } = useLingui();
  return (
    <NumberSettingsCard
      title={t`Keeping the system log`}
      description={t`Older days are removed when a day begins; over the size limit the oldest days go first.`}
      settings={[
        {
          key: 'systemLogDays',
          label: t`Days kept`,
          hint: t`1 to ${systemLogDaysMax}, today included`,
          min: 1,
          max: systemLogDaysMax,
        },
        {
          key: 'systemLogMaxMb',
          label: t`Size limit (MB)`,
          hint: t`All days together, 1 to ${systemLogMaxMbMax}`,
          min: 1,
          max: systemLogMaxMbMax,
        },
      ]}
      load={getSystemLogSettings}
      save={(texts) =>
        saveSystemLogSettings({
          systemLogDays: Number(texts.systemLogDays),
          systemLogMaxMb: Number(texts.systemLogMaxMb),
        })
      }
      savedMessage={t`System log settings saved`}
    />
  );
}
