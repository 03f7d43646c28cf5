import { passwordMinLength } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { api } from '../../lib/api.ts';
import { clearToken, setLoginNotice } from '../../lib/session.ts';
import { useCurrentUser } from '../account/index.ts';
import { matches, minLength, notReserved, required, type Errors } from '../../lib/formRules.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { TextField } from '../../components/TextField.tsx';

/** Change the username and/or password (`PUT api/user`). The server ends every session afterwards. */
export function CredentialsCard() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const { busy, formError, onSubmit } = useSubmit();

  useEffect(() => {
    if (user) setUsername((current) => current || user.username);
  }, [user]);

  const changing = password !== '' || confirmPassword !== '';
  const { errors, check, fail } = useFieldErrors({ username, oldPassword, password, confirmPassword }, (v): Errors => ({
    username: required(v.username, t`username`),
    oldPassword: required(v.oldPassword, t`current password`),
    password:
      v.password !== '' || v.confirmPassword !== ''
        ? (required(v.password, t`new password`) ??
          notReserved(v.password) ??
          minLength(v.password, t`new password`, passwordMinLength))
        : undefined,
    confirmPassword: v.password !== '' || v.confirmPassword !== '' ? matches(v.confirmPassword, v.password) : undefined,
  }));

  const submit = onSubmit({
    check,
    send: async () => {
      await api.put('user', { username, oldPassword, ...(changing ? { password, confirmPassword } : {}) });
      clearToken();
      setLoginNotice(
        t`Your account details were changed and every session was signed out. Sign in again with the new details.`,
      );
      navigate('/login', { replace: true });
    },
    failed: showAtFields(fail),
  });

  return (
    <Card>
      <CardHeader
        title={t`Username and password`}
        description={t`Saving signs out every session, this one included.`}
      />
      <CardBody>
        <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
          {formError && <Alert>{formError}</Alert>}
          <TextField
            label={t`Username`}
            error={errors.username}
            value={username}
            onChange={setUsername}
            autoComplete="username"
          />
          <TextField
            label={t`Current password`}
            error={errors.oldPassword}
            secret
            value={oldPassword}
            onChange={setOldPassword}
            autoComplete="current-password"
          />
          <TextField
            label={t`New password`}
            error={errors.password}
            hint={t`Leave empty to keep the current password.`}
            secret
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
          />
          <TextField
            label={t`Confirm new password`}
            error={errors.confirmPassword}
            secret
            value={confirmPassword}
            onChange={setConfirm}
            autoComplete="new-password"
          />
          <div>
            <Button type="submit" variant="primary" loading={busy}>
              {t`Save`}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
