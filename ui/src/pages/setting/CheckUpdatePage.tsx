import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { CheckUpdate } from '../../features/update/CheckUpdate.tsx';
import { updateStatus, type UpdateStatus } from '../../features/update/api.ts';
import { UpdateSettingsCard } from '../../features/update/UpdateSettingsCard.tsx';
import type { PageProps } from '../../lib/routing.ts';

/**
 * /setting/checkUpdate: the update state first (whether a release feed is set, the last start of a new version), then
 * the check — only with a feed — and the settings; saving them reads the state and checks again.
 */
export default function CheckUpdatePage({ title }: PageProps) {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const load = useCallback(() => {
    updateStatus().then(
      (next) => (setStatus(next), setError(null), setRound((n) => n + 1)),
      (failure: Error) => setError(failure.message),
    );
  }, []);
  useEffect(load, [load]);
  return (
    <SettingsLayout title={title}>
      {error && <Alert>{error}</Alert>}
      {!status && !error && <PageSpinner />}
      {status && <CheckUpdate key={round} status={status} />}
      <UpdateSettingsCard builtInFeed={status?.builtInFeed ?? null} onSaved={load} />
    </SettingsLayout>
  );
}
