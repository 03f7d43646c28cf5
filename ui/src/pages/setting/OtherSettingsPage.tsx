import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { SettingForm } from '../../components/SettingForm.tsx';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { KeptLibrariesNotice, QinglongImportPanel } from '../../features/qinglongImport/index.ts';
import { BackupSection } from '../../features/backup/BackupSection.tsx';
import { LogCleanupCard } from '../../features/backup/LogCleanupCard.tsx';
import { RunHistoryCard } from '../../features/backup/RunHistoryCard.tsx';
import { api } from '../../lib/api.ts';
import { setPanelZone } from '../../lib/format.ts';

interface Effective {
  cronConcurrency: number;
  timezone: string;
  lang: string;
  /** No language was chosen: run logs and notifications follow the language the panel is shown in. */
  langFollowsPanel?: boolean;
}

type Key = 'cronConcurrency' | 'timezone' | 'lang';
const paths: Record<Key, string> = {
  cronConcurrency: 'system/config/cron-concurrency',
  timezone: 'system/config/timezone',
  lang: 'system/config/lang',
};

/**
 * /setting/other: how many tasks run at once, the time zone schedules are read in, the language of run logs; log
 * deletion; backup and restore (features/backup); the Qinglong import.
 */
export default function OtherSettingsPage() {
  const { t } = useLingui();
  const [effective, setEffective] = useState<Effective | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get<Effective>('system/config/effective').then(setEffective, (failure: Error) => setError(failure.message));
  }, []);
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const labels: Record<Key, string> = {
    cronConcurrency: t`Task concurrency`,
    timezone: t`Time zone`,
    lang: t`Language of run logs`,
  };
  // The server answers the values now in force; the language shows empty while it follows the panel's.
  const saveSetting = async (field: Key, body: unknown) => {
    const saved = await api.put<Effective>(paths[field], { [field]: body });
    setEffective(saved);
    // Every time on screen follows the panel's zone at once.
    setPanelZone(saved.timezone);
    const shown = field === 'lang' && saved.langFollowsPanel ? '' : String(saved[field]);
    const label = labels[field];
    return { shown, message: t`${label} saved` };
  };

  return (
    <SettingsLayout>
      <Card className="max-w-3xl">
        <CardHeader
          title={t`Scheduling`}
          description={t`Each setting applies at once: timers are re-armed and waiting runs start as the new limit allows.`}
        />
        <CardBody className="flex flex-col gap-5">
          {error && <Alert>{error}</Alert>}
          {!effective && !error && <PageSpinner />}
          {effective && (
            <>
              <SettingForm
                field="cronConcurrency"
                label={labels.cronConcurrency}
                hint={t`How many task runs may go at the same time; later ones wait in line.`}
                initial={String(effective.cronConcurrency)}
                save={(text) => saveSetting('cronConcurrency', text === '' ? null : Number(text))}
              >
                {(value, set, control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={64}
                    value={value}
                    onChange={(e) => set(e.target.value)}
                  />
                )}
              </SettingForm>
              <SettingForm
                field="timezone"
                label={labels.timezone}
                hint={t`Schedules are read and every time is shown and written in this time zone. Empty: the container's.`}
                initial={effective.timezone}
                save={(text) => saveSetting('timezone', text || null)}
              >
                {(value, set, control) => (
                  <>
                    <Input
                      {...control}
                      list="baihu-time-zones"
                      value={value}
                      onChange={(e) => set(e.target.value)}
                      placeholder="Asia/Shanghai"
                      autoComplete="off"
                      spellCheck={false}
                    />
                    <datalist id="baihu-time-zones">
                      {zones.map((zone) => (
                        <option key={zone} value={zone} />
                      ))}
                    </datalist>
                  </>
                )}
              </SettingForm>
              <SettingForm
                field="lang"
                label={labels.lang}
                hint={t`The start and end lines the panel writes into every run's log, and its notifications.`}
                initial={effective.langFollowsPanel ? '' : effective.lang}
                save={(text) => saveSetting('lang', text || null)}
              >
                {(value, set, control) => (
                  <Select
                    {...control}
                    value={value}
                    onChange={(e) => set(e.target.value)}
                    options={[
                      { value: '', label: t`Same as the panel` },
                      { value: 'zh', label: '中文' },
                      { value: 'en', label: 'English' },
                    ]}
                  />
                )}
              </SettingForm>
            </>
          )}
        </CardBody>
      </Card>
      <div className="mt-4 flex flex-col gap-4">
        <LogCleanupCard />
        <RunHistoryCard />
        <BackupSection />
      </div>
      <Card className="mt-4 max-w-3xl">
        <CardHeader
          title={t`Import from Qinglong`}
          description={t`Bring tasks, variables, subscriptions, dependencies, settings and files over from a Qinglong data folder. Running it again brings only what is new.`}
        />
        <CardBody className="flex flex-col gap-4">
          <KeptLibrariesNotice />
          <QinglongImportPanel />
        </CardBody>
      </Card>
    </SettingsLayout>
  );
}
