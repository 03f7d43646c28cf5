import type { LocalTargets } from '@contract/local-targets.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { Textarea } from '../../components/ui/Textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError, api } from '../../lib/api.ts';

const path = 'user/notification/local-targets';

/**
 * Which local-network addresses channels may reach (`api/user/notification/local-targets`). This machine and the
 * private networks by default (a gotify/ntfy/webhook at home); the owner may turn that off and allow single entries.
 * Link-local and cloud metadata addresses take an entry of their own.
 */
export function LocalTargetsCard() {
  const { t } = useLingui();
  const [saved, setSaved] = useState<LocalTargets | null>(null);
  const [allowLocal, setAllowLocal] = useState(true);
  const [entries, setEntries] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const show = (value: LocalTargets) => {
    setSaved(value);
    setAllowLocal(value.allowLocal);
    setEntries(value.allowed.join('\n'));
  };

  useEffect(() => {
    api.get<LocalTargets>(path).then(show, (failure: Error) => setLoadError(failure.message));
  }, []);

  const save = async () => {
    setSaving(true);
    setFieldError(undefined);
    try {
      const allowed = entries
        .split(/[\n,]/)
        .map((entry) => entry.trim())
        .filter(Boolean);
      show(await api.put<LocalTargets>(path, { allowLocal, allowed }));
      toast(t`Local network addresses saved`);
    } catch (failure) {
      setFieldError(
        failure instanceof ApiError ? (failure.fieldMessage('allowed') ?? failure.message) : (failure as Error).message,
      );
    } finally {
      setSaving(false);
    }
  };

  const changed = saved !== null && (allowLocal !== saved.allowLocal || entries !== saved.allowed.join('\n'));

  return (
    <Card>
      <CardHeader
        title={t`Local network addresses`}
        description={t`Channels and webhooks may reach this machine and your local network, where a gotify, ntfy or webhook at home lives. Turn it off to keep notifications off your network; cloud metadata addresses are never reached unless listed below.`}
      />
      <CardBody className="flex flex-col gap-3">
        {loadError && <Alert>{loadError}</Alert>}
        {saved === null && !loadError && <Spinner label={t`Loading`} />}
        {saved !== null && (
          <>
            <label className="inline-flex items-start gap-2 text-[13px]">
              <input
                type="checkbox"
                checked={allowLocal}
                onChange={(event) => setAllowLocal(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{t`Allow local network addresses`}</span>
                <span className="text-muted">
                  {t`This machine (127.0.0.1, localhost) and private networks (192.168.x.x, 10.x.x.x, 172.16–31.x.x, 100.64.x.x, fc00::/7). Cloud metadata addresses (169.254.x.x, 100.100.100.200, metadata.google.internal) stay blocked unless listed below.`}
                </span>
              </span>
            </label>
            <Field
              label={t`Allowed addresses`}
              hint={t`One per line: an address (192.168.1.5), a range (192.168.1.0/24) or a host name (gotify.lan). Allowed even with the switch off.`}
              error={fieldError}
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  value={entries}
                  onChange={(event) => setEntries(event.target.value)}
                  placeholder="192.168.1.5"
                  spellCheck={false}
                  className="font-mono text-[13px]"
                />
              )}
            </Field>
            <div>
              <Button variant="primary" onClick={() => void save()} loading={saving} disabled={!changed}>
                {t`Save addresses`}
              </Button>
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}
