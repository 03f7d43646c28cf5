import type { LoginLogEntry } from '@contract/user.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardHeader } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { LoginLogTable } from '../../features/login-log/LoginLogTable.tsx';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { api } from '../../lib/api.ts';

export default function LoginLogPage() {
  const { t } = useLingui();
  const [entries, setEntries] = useState<LoginLogEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const load = () => {
    setLoading(true);
    setError(null);
    api
      .get<LoginLogEntry[]>('user/login-log')
      .then(setEntries, (failure: Error) => setError(failure.message))
      .finally(() => setLoading(false));
  };
  useEffect(load, []);

  return (
    <SettingsLayout>
      <Card>
        <CardHeader
          title={t`Login log`}
          description={t`Every attempt to sign in to this panel, so you can spot one that was not you.`}
          actions={
            <Button size="sm" onClick={load} loading={loading}>
              {t`Refresh`}
            </Button>
          }
        />
        {error && (
          <div className="p-4">
            <Alert>{error}</Alert>
          </div>
        )}
        {!entries && !error && <PageSpinner />}
        {entries && entries.length === 0 && (
          <EmptyState
            title={<Trans>No sign-ins yet</Trans>}
            description={<Trans>Sign-in attempts to this panel appear here with their time, address and device.</Trans>}
          />
        )}
        {entries && entries.length > 0 && <LoginLogTable entries={entries} />}
      </Card>
    </SettingsLayout>
  );
}
