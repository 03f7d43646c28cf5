import { ResponseCode } from '@contract/codes.ts';
import type { LoginResult } from '@contract/user.ts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { CodeInput } from '../../components/ui/CodeInput.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { sixDigits } from '../../lib/formRules.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
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
  const { busy, formError, onSubmit } = useSubmit();
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(lockedUntil);

  const verify = (value: string) =>
    onSubmit({
      check: () => {
        const invalid = sixDigits(value);
        setError(invalid);
        return !invalid;
      },
      send: async () =>
        onSignedIn(await api.put<LoginResult>('user/two-factor/login', { ...credentials, code: value })),
      failed: ({ fields, form, error: failure }) => {
        if (failure instanceof ApiError && failure.code === ResponseCode.twoFactorInvalid) {
          setError(failure.message);
          setCode('');
        } else if (failure instanceof ApiError && failure.code === ResponseCode.loginLocked) {
          setLockedUntil(Date.now() + Number(failure.data ?? 0) * 1000);
        } else {
          setError(fields.code);
          return form;
        }
        return null;
      },
    })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify(code);
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
          <CodeInput {...control} value={code} onChange={setCode} onComplete={verify} autoFocus disabled={busy} />
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
