import { maxRunHistoryLimit } from '@contract/retention.ts';
import { useLingui } from '@lingui/react/macro';
import { NumberSettingsCard } from '../../components/NumberSettingsCard.tsx';
import { runHistorySettings, saveRunHistorySettings } from './api.ts';

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * How much run history is kept: runs older than x days, and beyond the newest n of each task, go with their logs
 * in the retention job's passes (the same job as log deletion; its "Run now" and log are on LogCleanupCard).
 */
export function RunHistoryCard() {
  const { t } = useLingui();
  return (
    <NumberSettingsCard
      title={t`Run history`}
      description={t`Every few hours, runs older than the days kept and beyond the newest runs of each task are removed with their logs. A run that has not ended is never touched.`}
      settings={[
        { key: 'runHistoryDays', label: t`Days kept`, hint: t`0: kept however old`, min: 0, max: maxRunHistoryLimit },
        {
          key: 'runHistoryPerTask',
          label: t`Runs kept per task`,
          hint: t`The newest; 0: no limit`,
          min: 0,
          max: maxRunHistoryLimit,
        },
      ]}
      load={runHistorySettings}
      save={(texts) =>
        saveRunHistorySettings({
          runHistoryDays: numberOrNull(texts.runHistoryDays),
          runHistoryPerTask: numberOrNull(texts.runHistoryPerTask),
        })
      }
      savedMessage={t`Run history settings saved`}
      saveLabel={t`Save run history settings`}
    />
  );
}
