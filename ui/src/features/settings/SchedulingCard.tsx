import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { SaveRow } from '../../components/SaveRow.tsx';
import { SettingNumber } from '../../components/SettingNumber.tsx';
import { TextField } from '../../components/TextField.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { api } from '../../lib/api.ts';
import { setPanelZone } from '../../lib/format.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';

interface Effective {
  cronConcurrency: number;
  timezone: string;
  lang: string;
  /** No language was chosen: run logs and notifications follow the language the panel is shown in. */
  langFollowsPanel?: boolean;
}

type Key = 'cronConcurrency' | 'timezone' | 'lang';
type Texts = Record<Key, string>;
const paths: Record<Key, string> = {
  cronConcurrency: 'system/config/cron-concurrency',
  timezone: 'system/config/timezone',
  lang: 'system/config/lang',
};
const keys = Object.keys(paths) as Key[];

/** What the fields show for the values in force; the language shows empty while it follows the panel's. */
const textsOf = (e: Effective): Texts => ({
  cronConcurrency: String(e.cronConcurrency),
  timezone: e.timezone,
  lang: e.langFollowsPanel ? '' : e.lang,
});
const bodyOf = (key: Key, text: string): unknown =>
  key === 'cronConcurrency' ? (text === '' ? null : Number(text)) : text || null;

/**
 * Scheduling (/setting/other): how many task runs go at once, the time zone schedules are read in, the language of
 * run logs. One Save sends the settings that changed (each has its own endpoint, as on Qinglong) and shows them
 * again as the server saved them; a refused one keeps its message at its field.
 */
export function SchedulingCard() {
  const { t } = useLingui();
  const [saved, setSaved] = useState<Texts | null>(null);
  const [texts, setTexts] = useState<Texts>({ cronConcurrency: '', timezone: '', lang: '' });
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, formError, onSubmit } = useSubmit();
  const { errors, fail } = useFieldErrors(texts);
  useEffect(() => {
    api.get<Effective>('system/config/effective').then(
      (effective) => (setSaved(textsOf(effective)), setTexts(textsOf(effective))),
      (failure: Error) => setLoadError(failure.message),
    );
  }, []);
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const set = (key: Key) => (text: string) => setTexts((current) => ({ ...current, [key]: text }));

  const submit = onSubmit({
    send: async () => {
      let now = saved!;
      for (const key of keys) {
        const text = texts[key].trim();
        if (text === now[key]) continue;
        const effective = await api.put<Effective>(paths[key], { [key]: bodyOf(key, text) });
        // Every time on screen follows the panel's zone at once.
        setPanelZone(effective.timezone);
        now = textsOf(effective);
        setSaved(now);
      }
      setTexts(now);
      toast(t`Scheduling settings saved`);
    },
    failed: showAtFields(fail),
  });

  return (
    <Card className="max-w-3xl">
      <CardHeader
        title={t`Scheduling`}
        description={t`Each setting applies at once: timers are re-armed and waiting runs start as the new limit allows.`}
      />
      <CardBody>
        {loadError && <Alert>{loadError}</Alert>}
        {!saved && !loadError && <PageSpinner />}
        {saved && (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <SettingNumber
              label={t`Task concurrency`}
              error={errors.cronConcurrency}
              hint={t`How many task runs may go at the same time; later ones wait in line.`}
              min={1}
              max={64}
              value={texts.cronConcurrency}
              onChange={set('cronConcurrency')}
            />
            <TextField
              label={t`Time zone`}
              error={errors.timezone}
              hint={t`Schedules are read and every time is shown and written in this time zone. Empty: the container's.`}
              list="baihu-time-zones"
              value={texts.timezone}
              onChange={set('timezone')}
              placeholder="Asia/Shanghai"
              autoComplete="off"
              spellCheck={false}
            />
            <datalist id="baihu-time-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <Field
              label={t`Language of run logs`}
              error={errors.lang}
              hint={t`The start and end lines the panel writes into every run's log, and its notifications.`}
            >
              {(control) => (
                <Select
                  {...control}
                  value={texts.lang}
                  onChange={(e) => set('lang')(e.target.value)}
                  options={[
                    { value: '', label: t`Same as the panel` },
                    { value: 'zh', label: '中文' },
                    { value: 'en', label: 'English' },
                  ]}
                />
              )}
            </Field>
            {formError && <Alert>{formError}</Alert>}
            <SaveRow busy={busy} label={t`Save scheduling settings`} />
          </form>
        )}
      </CardBody>
    </Card>
  );
}
