import { passwordMinLength } from '@contract/enums.ts';
import type { LoginResult } from '@contract/user.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { api } from '../../lib/api.ts';
import type { Credentials } from './signIn.ts';
import { matches, minLength, notReserved, required, type Errors } from '../../lib/formRules.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { TextField } from '../../components/TextField.tsx';

/** The browser's zone: the first guess for the panel's (saved once the account exists; see signIn.ts). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
/** Whether the browser knows the zone (the daemon checks it again when it is saved). */
const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * Creates the one administrator account (`PUT api/user/init`) and hands the session it answered, and the time zone the
 * schedules are read in (prefilled from the browser's), to the next step.
 */
export function AccountStep({
  onDone,
}: {
  onDone: (created: LoginResult | null, credentials: Credentials, timezone: string) => void;
}) {
  const { t } = useLingui();
  const [timezone, setTimezone] = useState(browserZone);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const { busy, formError, onSubmit } = useSubmit();

  const { errors, check, fail } = useFieldErrors({ username, password, confirmPassword, timezone }, (v): Errors => ({
    username: required(v.username, t`username`),
    password:
      required(v.password, t`password`) ??
      notReserved(v.password) ??
      minLength(v.password, t`password`, passwordMinLength),
    confirmPassword: required(v.confirmPassword, t`confirm password`) ?? matches(v.confirmPassword, v.password),
    timezone:
      required(v.timezone.trim(), t`time zone`) ??
      (knownZone(v.timezone.trim()) ? undefined : t`Not a known time zone (e.g. Asia/Shanghai)`),
  }));

  const submit = onSubmit({
    check,
    send: async () => {
      const created = await api.put<LoginResult | null>('user/init', { username, password, confirmPassword });
      onDone(created, { username, password }, timezone.trim());
    },
    failed: showAtFields(fail),
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-[13px] text-muted">
        <Trans>Create the administrator account. You will use it to sign in.</Trans>
      </p>
      {formError && <Alert>{formError}</Alert>}
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
        hint={t`At least ${passwordMinLength} characters, and not 'admin'.`}
        secret
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      />
      <TextField
        label={t`Confirm password`}
        error={errors.confirmPassword}
        secret
        value={confirmPassword}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      <Field
        label={t`Time zone`}
        error={errors.timezone}
        hint={t`Schedules are read and times are shown in this time zone. Prefilled from this browser; change it later in Settings.`}
      >
        {(control) => (
          <>
            <Input
              {...control}
              value={timezone}
              onChange={(e) => setTimezone(e.target.value)}
              list="baihu-setup-time-zones"
              autoComplete="off"
              spellCheck={false}
            />
            <datalist id="baihu-setup-time-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={busy}>
          {t`Create account`}
        </Button>
      </div>
    </form>
  );
}
