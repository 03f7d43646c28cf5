import { ResponseCode } from '@contract/codes.ts';
import type { LoginResult } from '@contract/user.ts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { CodeInput } from '../../components/ui/CodeInput.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { errorsFrom, sixDigits } from '../../lib/formRules.ts';
import type { Credentials } from './PasswordStep.tsx';
import { useCountdown } from './useCountdown.ts';

/** Step two when two-factor is on: the 6-digit code from the authenticator app, sent as soon as it is complete. */
export function CodeStep({
  credentials,
  onSignedIn,
  onBack,
}: {
  credentials: Credentials;
  onSignedIn: (result: LoginResult) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(lockedUntil);

  const verify = async (value: string) => {
    const invalid = sixDigits(value);
    setError(invalid);
    setFormError(null);
    if (invalid || busy) return;
    setBusy(true);
    try {
      onSignedIn(await api.put<LoginResult>('user/two-factor/login', { ...credentials, code: value }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === ResponseCode.twoFactorInvalid) {
        setError(failure.message);
        setCode('');
      } else if (failure instanceof ApiError && failure.code === ResponseCode.loginLocked) {
        setLockedUntil(Date.now() + Number(failure.data ?? 0) * 1000);
      } else {
        const { fields, form } = errorsFrom(failure);
        setError(fields.code);
        setFormError(form ?? null);
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify(code);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-[13px] text-muted">
        <Trans>Two-factor authentication is on. Enter the 6-digit code from your authenticator app.</Trans>
      </p>
      {secondsLeft > 0 && (
        <Alert>
          <Plural
            value={secondsLeft}
            one="Too many failed attempts. Try again in # second."
            other="Too many failed attempts. Try again in # seconds."
          />
        </Alert>
      )}
      {formError && <Alert>{formError}</Alert>}
      <Field label={t`Verification code`} error={error}>
        {(control) => (
          <CodeInput
            {...control}
            value={code}
            onChange={setCode}
            onComplete={(value) => void verify(value)}
            autoFocus
            disabled={busy}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="lg" loading={busy} disabled={secondsLeft > 0} className="w-full">
        {t`Verify`}
      </Button>
      <Button variant="link" size="bare" onClick={onBack} className="self-center">
        {t`Back to username and password`}
      </Button>
    </form>
  );
}
