import { useLingui } from '@lingui/react/macro';
import { Button } from '../components/ui/Button.tsx';

/** Shown when the daemon cannot be reached at all on first load. */
export function ServerUnreachable({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-lg font-semibold">{t`Cannot reach the Baihu service`}</h1>
      <p className="max-w-md text-muted">{t`Check that the service is running and the network is up, then try again.`}</p>
      <Button variant="primary" onClick={onRetry}>{t`Retry`}</Button>
    </main>
  );
}
