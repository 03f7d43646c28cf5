import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardHeader } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { onChange } from '../../lib/changes.ts';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { ApiReference } from '../../features/apps/ApiReference.tsx';
import { AppList } from '../../features/apps/AppList.tsx';
import { SecretPanel } from '../../features/apps/SecretPanel.tsx';
import {
  appsResource,
  listApps,
  removeApps,
  resetAppSecret,
  type App,
  type AppWithSecret,
} from '../../features/apps/api.ts';

type Pending = { kind: 'reset' | 'remove'; app: App } | null;

/** setting/app: the open API's applications (spec §3, §6), and the API reference. */
export default function AppsPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [apps, setApps] = useState<App[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [renewed, setRenewed] = useState<AppWithSecret | null>(null);

  const load = () => {
    setError(null);
    listApps().then(setApps, (failure: Error) => setError(failure.message));
  };
  useEffect(load, []);
  useEffect(() => onChange(appsResource, load), []);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'reset') {
        setRenewed(await resetAppSecret(pending.app.id));
      } else {
        await removeApps([pending.app.id]);
        toast(t`Application deleted: ${pending.app.name}`);
      }
      setPending(null);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const create = (
    <Button variant="primary" size="sm" onClick={() => navigate('/setting/appModal')}>
      {t`New application`}
    </Button>
  );

  return (
    <SettingsLayout>
      <Card>
        <CardHeader
          title={t`Applications`}
          description={t`Scripts and tools outside the panel reach it through the open API with an application's credentials.`}
          actions={apps && apps.length > 0 ? create : undefined}
        />
        {error && (
          <div className="p-4">
            <Alert>{error}</Alert>
          </div>
        )}
        {!apps && !error && <PageSpinner />}
        {apps && apps.length === 0 && (
          <EmptyState
            title={<Trans>No applications yet</Trans>}
            description={
              <Trans>
                Create one for each script or tool that talks to the panel (cookie sync, a Qinglong client …) and give
                it only the areas it needs.
              </Trans>
            }
            action={create}
          />
        )}
        {apps && apps.length > 0 && (
          <AppList
            apps={apps}
            actions={{
              edit: (app) => navigate(`/setting/appModal?id=${app.id}`),
              reset: (app) => setPending({ kind: 'reset', app }),
              remove: (app) => setPending({ kind: 'remove', app }),
            }}
          />
        )}
      </Card>

      <Card>
        <CardHeader
          title={t`API reference`}
          description={t`Every route of the panel's API, who may call it and which permission opens it.`}
        />
        <ApiReference />
      </Card>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.kind === 'reset' ? t`Reset the secret of ${pending.app.name}?` : t`Delete ${pending?.app.name}?`
        }
        description={
          pending?.kind === 'reset'
            ? t`Its tokens stop working at once and the old secret is refused; the client needs the new secret.`
            : t`Its tokens stop working at once. This cannot be undone.`
        }
        confirmLabel={pending?.kind === 'reset' ? t`Reset secret` : t`Delete`}
        onConfirm={() => void confirm()}
        busy={busy}
      />
      {renewed && (
        <Dialog
          open
          onOpenChange={(open) => !open && setRenewed(null)}
          title={t`New secret of ${renewed.name}`}
          footer={
            <Button variant="primary" onClick={() => setRenewed(null)}>
              {t`Done`}
            </Button>
          }
        >
          <SecretPanel app={renewed} />
        </Dialog>
      )}
    </SettingsLayout>
  );
}
