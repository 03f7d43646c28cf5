import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { KeptLibrariesNotice, QinglongImportPanel } from '../../features/qinglongImport/index.ts';
import { BackupSection } from '../../features/backup/BackupSection.tsx';
import { LogCleanupCard } from '../../features/backup/LogCleanupCard.tsx';
import { RunHistoryCard } from '../../features/backup/RunHistoryCard.tsx';
import { api } from '../../lib/api.ts';

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

/** One setting with its own save button; the server answers the values now in force. */
function SettingRow({
  field,
  label,
  hint,
  initial,
  toBody,
  onSaved,
  shown = (saved) => String(saved[field]),
  children,
}: {
  field: Key;
  label: string;
  hint: string;
  initial: string;
  /** What the field shows of the values in force (default: the field's value). */
  shown?: (saved: Effective) => string;
  toBody: (text: string) => unknown;
  onSaved: (effective: Effective) => void;
  children: (value: string, setValue: (text: string) => void, control: object) => ReactNode;
}) {
  const { t } = useLingui();
  const [value, setValue] = useState(initial);
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmit();
  const save = onSubmit({
    send: async () => {
      const saved = await api.put<Effective>(paths[field], { [field]: toBody(value.trim()) });
      onSaved(saved);
      setValue(shown(saved));
      toast(t`${label} saved`);
    },
    failed: ({ fields, form }) => fields[field] ?? form,
  });
  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3">
      <div className="min-w-0 flex-1">
        <Field label={label} error={error ?? undefined} hint={hint}>
          {(control) => children(value, (text) => (setValue(text), setError(null)), control)}
        </Field>
      </div>
      <Button type="submit" loading={busy} className="self-start sm:mt-[26px]" aria-label={t`Save ${label}`}>
        {t`Save`}
      </Button>
    </form>
  );
}

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
              <SettingRow
                field="cronConcurrency"
                label={t`Task concurrency`}
                hint={t`How many task runs may go at the same time; later ones wait in line.`}
                initial={String(effective.cronConcurrency)}
                toBody={(text) => (text === '' ? null : Number(text))}
                onSaved={setEffective}
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
              </SettingRow>
              <SettingRow
                field="timezone"
                label={t`Time zone`}
                hint={t`Schedules are read in this time zone. Empty: the container's.`}
                initial={effective.timezone}
                toBody={(text) => text || null}
                onSaved={setEffective}
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
              </SettingRow>
              <SettingRow
                field="lang"
                label={t`Language of run logs`}
                hint={t`The start and end lines the panel writes into every run's log, and its notifications.`}
                initial={effective.langFollowsPanel ? '' : effective.lang}
                shown={(saved) => (saved.langFollowsPanel ? '' : saved.lang)}
                toBody={(text) => text || null}
                onSaved={setEffective}
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
              </SettingRow>
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
