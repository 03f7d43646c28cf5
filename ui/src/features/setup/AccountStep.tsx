import type { LoginResult } from '@contract/user.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { api } from '../../lib/api.ts';
import type { Credentials } from './signIn.ts';
import { required, type Errors } from '../../lib/formRules.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { AccountFields, useAccountFields } from '../account/index.ts';

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
  const account = useAccountFields('create');
  const { username, password, confirmPassword } = account.values;
  const { busy, formError, onSubmit } = useSubmit();

  const { errors, check, fail } = useFieldErrors({ ...account.values, timezone }, (v): Errors => ({
    ...account.rules(v),
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
      <AccountFields account={account} errors={errors} autoFocus />
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
