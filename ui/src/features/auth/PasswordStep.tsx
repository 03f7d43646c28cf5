import { ResponseCode } from '@contract/codes.ts';
import type { LoginResult } from '@contract/user.ts';
import { Plural, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { required, type Errors } from '../../lib/formRules.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { useCountdown } from './useCountdown.ts';
import { TextField } from '../../components/TextField.tsx';

export interface Credentials {
  username: string;
  password: string;
}

/** Step one of signing in. Answers: signed in, needs a code (420), or locked for N seconds (410). */
export function PasswordStep({
  initial,
  notice,
  onSignedIn,
  onNeedsCode,
}: {
  initial: Credentials;
  notice: string | null;
  onSignedIn: (result: LoginResult) => void;
  onNeedsCode: (credentials: Credentials) => void;
}) {
  const { t } = useLingui();
  const [username, setUsername] = useState(initial.username);
  const [password, setPassword] = useState(initial.password);
  const { busy, formError, onSubmit } = useSubmit();
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(lockedUntil);

  const { errors, check, fail } = useFieldErrors({ username, password }, (v): Errors => ({
    username: required(v.username, t`username`),
    password: required(v.password, t`password`),
  }));

  const submit = onSubmit({
    check,
    send: async () => onSignedIn(await api.post<LoginResult>('user/login', { username, password })),
    failed: (failure) => {
      const { error } = failure;
      if (error instanceof ApiError && error.code === ResponseCode.twoFactorRequired)
        onNeedsCode({ username, password });
      else if (error instanceof ApiError && error.code === ResponseCode.loginLocked)
        setLockedUntil(Date.now() + Number(error.data ?? 0) * 1000);
      else return showAtFields(fail)(failure);
      return null;
    },
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {notice && <Alert tone="warning">{notice}</Alert>}
      {secondsLeft > 0 && (
        <Alert>
          <Plural
            value={secondsLeft}
            one="Too many failed attempts. Try again in # second."
            other="Too many failed attempts. Try again in # seconds."
          />
        </Alert>
      )}
      {formError && secondsLeft === 0 && <Alert>{formError}</Alert>}
      <TextField
        label={t`Username`}
        error={errors.username}
        value={username}
        onChange={setUsername}
        autoComplete="username"
        autoFocus
      />
      <TextField
        label={t`Password`}
        error={errors.password}
        secret
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <Button
        type="submit"
        variant="primary"
        size="lg"
        loading={busy}
        disabled={secondsLeft > 0}
        className="mt-1 w-full"
      >
        {/* The name stays "Sign in" while locked; the countdown is in the alert above. */}
        {t`Sign in`}
      </Button>
    </form>
  );
}
