import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { api } from '../../lib/api.ts';
import { clearToken, setLoginNotice } from '../../lib/session.ts';
import { AccountFields, useAccountFields, useCurrentUser } from '../account/index.ts';
import { required, type Errors } from '../../lib/formRules.ts';
import { showAtFields, useSubmit } from '../../lib/useSubmit.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { TextField } from '../../components/TextField.tsx';

/** Change the username and/or password (`PUT api/user`). The server ends every session afterwards. */
export function CredentialsCard() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const account = useAccountFields('change');
  const { setUsername } = account;
  const { username, password, confirmPassword } = account.values;
  const [oldPassword, setOldPassword] = useState('');
  const { busy, formError, onSubmit } = useSubmit();

  useEffect(() => {
    if (user) setUsername((current) => current || user.username);
  }, [user, setUsername]);

  const changing = password !== '' || confirmPassword !== '';
  const { errors, check, fail } = useFieldErrors({ ...account.values, oldPassword }, (v): Errors => ({
    ...account.rules(v),
    oldPassword: required(v.oldPassword, t`current password`),
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
          <AccountFields
            account={account}
            errors={errors}
            between={
              <TextField
                label={t`Current password`}
                error={errors.oldPassword}
                secret
                value={oldPassword}
                onChange={setOldPassword}
                autoComplete="current-password"
              />
            }
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
