import { passwordMinLength } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { TextField } from '../../components/TextField.tsx';
import { matches, minLength, notReserved, required, type Errors } from '../../lib/formRules.ts';

export interface AccountValues {
  username: string;
  password: string;
  confirmPassword: string;
}

/**
 * `create`: a new account (setup), the password is required. `change`: the signed-in user's (Security), the
 * password is new and may stay empty to keep the current one.
 */
export type AccountMode = 'create' | 'change';

/**
 * A username and a password typed twice, with the one set of rules both the setup's account and Security's change
 * check: the form adds its own fields (the current password, the time zone) to `values` and to its rules.
 */
export function useAccountFields(mode: AccountMode) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const values: AccountValues = { username, password, confirmPassword };
  const change = mode === 'change';
  const passwordName = change ? t`new password` : t`password`;

  const rules = (v: AccountValues): Errors => {
    const checked = !change || v.password !== '' || v.confirmPassword !== '';
    return {
      username: required(v.username, t`username`),
      password: checked
        ? (required(v.password, passwordName) ??
          notReserved(v.password) ??
          minLength(v.password, passwordName, passwordMinLength))
        : undefined,
      confirmPassword: !checked
        ? undefined
        : change
          ? matches(v.confirmPassword, v.password)
          : (required(v.confirmPassword, t`confirm password`) ?? matches(v.confirmPassword, v.password)),
    };
  };

  return { mode, values, rules, setUsername, setPassword, setConfirmPassword };
}

export type AccountFieldsState = ReturnType<typeof useAccountFields>;

/** The fields of useAccountFields; `between` goes after the username (Security's current password). */
export function AccountFields({
  account,
  errors,
  between,
  autoFocus,
}: {
  account: AccountFieldsState;
  errors: Errors;
  between?: ReactNode;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  const change = account.mode === 'change';
  const { values } = account;
  return (
    <>
      <TextField
        label={t`Username`}
        error={errors.username}
        value={values.username}
        onChange={account.setUsername}
        autoComplete="username"
        autoFocus={autoFocus}
      />
      {between}
      <TextField
        label={change ? t`New password` : t`Password`}
        error={errors.password}
        hint={
          change
            ? t`Leave empty to keep the current password.`
            : t`At least ${passwordMinLength} characters, and not 'admin'.`
        }
        secret
        value={values.password}
        onChange={account.setPassword}
        autoComplete="new-password"
      />
      <TextField
        label={change ? t`Confirm new password` : t`Confirm password`}
        error={errors.confirmPassword}
        secret
        value={values.confirmPassword}
        onChange={account.setConfirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}
