import { useEffect, useState, type ReactNode } from 'react';
import { useFieldErrors } from '../lib/useFieldErrors.ts';
import { showAtFields, useSubmit } from '../lib/useSubmit.ts';
import { SettingNumber } from './SettingNumber.tsx';
import { Alert } from './ui/Alert.tsx';
import { SaveRow } from './SaveRow.tsx';
import { Card, CardBody, CardHeader } from './ui/Card.tsx';
import { toast } from './ui/toast-store.ts';

export interface NumberSetting<K extends string> {
  /** The setting's name in the request and the reply (the server's field errors name it). */
  key: K;
  label: string;
  hint: ReactNode;
  min: number;
  max: number;
}

/**
 * A card of whole-number settings saved together with its one Save (SaveRow; run history, the system log): loaded when it
 * opens, one SettingNumber each, sent as typed (`save` turns the texts into the request) and shown again as the
 * server saved them; the server's messages stand at their fields.
 */
export function NumberSettingsCard<K extends string>({
  title,
  description,
  settings,
  load,
  save,
  savedMessage,
  saveLabel,
}: {
  title: string;
  description: string;
  settings: NumberSetting<K>[];
  load: () => Promise<Record<K, number>>;
  save: (texts: Record<K, string>) => Promise<Record<K, number>>;
  savedMessage: string;
  /** The Save button's accessible name, when "Save" alone would not say which card. */
  saveLabel?: string;
}) {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const { busy, formError, setFormError, onSubmit } = useSubmit();
  const { errors, fail } = useFieldErrors(texts);
  const show = (saved: Record<K, number>) =>
    setTexts(Object.fromEntries(settings.map(({ key }) => [key, String(saved[key])])));

  useEffect(() => {
    load().then(show, (failure: Error) => setFormError(failure.message));
    // Loaded once, when the card opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = onSubmit({
    send: async () => {
      show(await save(texts as Record<K, string>));
      toast(savedMessage);
    },
    failed: showAtFields(fail),
  });

  return (
    <Card className="max-w-3xl">
      <CardHeader title={title} description={description} />
      <CardBody>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            {settings.map(({ key, label, hint, min, max }) => (
              <div key={key} className="flex-1">
                <SettingNumber
                  label={label}
                  error={errors[key]}
                  hint={hint}
                  min={min}
                  max={max}
                  value={texts[key] ?? ''}
                  onChange={(text) => setTexts((current) => ({ ...current, [key]: text }))}
                />
              </div>
            ))}
          </div>
          {formError && <Alert>{formError}</Alert>}
          <SaveRow busy={busy} label={saveLabel} />
        </form>
      </CardBody>
    </Card>
  );
}
