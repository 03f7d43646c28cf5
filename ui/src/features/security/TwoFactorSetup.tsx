import type { TwoFactorInit } from '@contract/user.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { CodeInput } from '../../components/ui/CodeInput.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Steps } from '../../components/ui/Steps.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { api } from '../../lib/api.ts';
import { sixDigits } from '../../lib/formRules.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { QrCode } from './QrCode.tsx';

/** Spec §4: (1) install an app, (2) scan the code or enter the key, (3) enter the 6-digit code. */
export function TwoFactorSetup({ onActivated, onCancel }: { onActivated: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [step, setStep] = useState(0);
  const [setup, setSetup] = useState<TwoFactorInit | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const { busy, onSubmit } = useSubmit();

  useEffect(() => {
    // A fresh secret each time setup starts; it only becomes active once a code from it is confirmed.
    api.get<TwoFactorInit>('user/two-factor/init').then(setSetup, (failure: Error) => setLoadError(failure.message));
  }, []);

  const copyKey = async () => {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast(t`Key copied`);
    } catch {
      toast(t`Copy failed; select the key and copy it by hand`, 'warning');
    }
  };

  const activate = (value: string) =>
    onSubmit({
      check: () => {
        const invalid = sixDigits(value);
        setCodeError(invalid);
        return !invalid;
      },
      send: async () => {
        const activated = await api.put<boolean>('user/two-factor/active', { code: value });
        if (activated) {
          toast(t`Two-factor authentication is on`);
          onActivated();
        } else {
          setCodeError(t`That code is not right. Check that your phone's clock is correct and try the newest code.`);
          setCode('');
        }
      },
      // The form's only field is the code: every message is shown there.
      failed: ({ fields, form }) => (setCodeError(fields.code ?? form), null),
    })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    activate(code);
  };

  return (
    <div className="flex flex-col gap-5">
      <Steps
        label={t`Two-factor setup progress`}
        steps={[t`Install an app`, t`Scan or enter the key`, t`Enter the code`]}
        current={step}
      />
      {step === 0 && (
        <div className="flex flex-col gap-3">
          <p className="text-muted">
            <Trans>
              Install an authenticator app on your phone, for example Google Authenticator, Microsoft Authenticator,
              2FAS or any app that supports time-based codes (TOTP).
            </Trans>
          </p>
        </div>
      )}
      {step === 1 && (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {loadError && <Alert>{loadError}</Alert>}
          {setup && <QrCode url={setup.url} label={t`QR code for your authenticator app`} />}
          {setup && (
            <div className="flex min-w-0 flex-col gap-2">
              <p className="text-muted">
                <Trans>
                  Scan the QR code with the app. If you cannot scan it, add an account by hand with this key:
                </Trans>
              </p>
              <code
                className="block rounded-md border border-line bg-subtle px-3 py-2 font-mono text-[13px] break-all select-all"
                aria-label={t`Setup key`}
              >
                {setup.secret}
              </code>
              <div>
                <Button size="sm" onClick={copyKey}>
                  {t`Copy key`}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
      {step === 2 && (
        <form onSubmit={submit} noValidate className="flex max-w-xs flex-col gap-3">
          <Field label={t`Verification code`} error={codeError} hint={t`The 6-digit code the app shows for Baihu.`}>
            {(control) => (
              <CodeInput {...control} value={code} onChange={setCode} onComplete={activate} autoFocus disabled={busy} />
            )}
          </Field>
          <div>
            <Button type="submit" variant="primary" loading={busy}>
              {t`Turn on two-factor`}
            </Button>
          </div>
        </form>
      )}
      <div className="flex flex-wrap gap-2 border-t border-line pt-4">
        <Button onClick={onCancel}>{t`Cancel`}</Button>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{t`Previous`}</Button>}
        {step < 2 && (
          <Button variant="primary" onClick={() => setStep(step + 1)} disabled={step === 1 && !setup}>
            {t({ message: 'Next', context: 'go to the next step' })}
          </Button>
        )}
      </div>
    </div>
  );
}
