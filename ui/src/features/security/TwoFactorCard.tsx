import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { api } from '../../lib/api.ts';
import { useCurrentUser } from '../account/index.ts';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';

/** Two-factor sign-in: its state, the setup steps when off, and turning it off (with confirmation) when on. */
export function TwoFactorCard() {
  const { t } = useLingui();
  const { user, refresh } = useCurrentUser();
  const [settingUp, setSettingUp] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = user?.twoFactorActivated ?? false;

  const deactivate = async () => {
    setBusy(true);
    try {
      await api.put<boolean>('user/two-factor/deactivate');
      await refresh();
      setConfirming(false);
      toast(t`Two-factor authentication is off`);
    } catch (failure) {
      toast(failure instanceof Error ? failure.message : String(failure), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title={t`Two-factor authentication`}
        description={t`Ask for a code from your phone as well as the password when signing in.`}
        actions={
          user &&
          (on ? (
            <Badge status="success">
              <Trans>On</Trans>
            </Badge>
          ) : (
            <Badge status="disabled">
              <Trans>Off</Trans>
            </Badge>
          ))
        }
      />
      <CardBody>
        {!user ? null : on ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t`Turn off two-factor`}
          </Button>
        ) : settingUp ? (
          <TwoFactorSetup
            onCancel={() => setSettingUp(false)}
            onActivated={async () => {
              setSettingUp(false);
              await refresh();
            }}
          />
        ) : (
          <Button variant="primary" onClick={() => setSettingUp(true)}>
            {t`Set up two-factor`}
          </Button>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Turn off two-factor authentication?`}
        description={t`Signing in will need only the username and password again.`}
        confirmLabel={t`Turn off`}
        onConfirm={deactivate}
        busy={busy}
      />
    </Card>
  );
}
