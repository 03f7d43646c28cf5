import { restartCountdownSeconds } from '@contract/update.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { healthNow } from './api.ts';

/** How long to wait for the panel after the countdown before saying that something is wrong. */
const patienceSeconds = 180;

/**
 * After a restart was asked for: counts down, then reloads the page as soon as the panel answers again. While the new
 * version is on trial the entrypoint may start the previous one instead; the reloaded page then says so.
 */
export function RestartCountdown({ version }: { version: string | null }) {
  const { t } = useLingui();
  const [left, setLeft] = useState(restartCountdownSeconds);
  const [waited, setWaited] = useState(0);
  const [answering, setAnswering] = useState<string | null>(null);
  const [askedAt] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      setLeft((n) => Math.max(0, n - 1));
      setWaited((n) => n + 1);
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left > 0) return;
    let stop = false;
    const look = async () => {
      while (!stop) {
        const found = await healthNow();
        // A daemon started after the restart was asked for (the old one may take a moment to stop its runs).
        if (found && found.uptime * 1000 < Date.now() - askedAt && !stop) {
          setAnswering(found.version);
          window.location.reload();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    void look();
    return () => {
      stop = true;
    };
  }, [left, askedAt]);

  return (
    <div className="flex flex-col gap-3" role="status" aria-live="polite">
      <div className="flex items-center gap-3">
        <Spinner />
        <p className="text-[14px]">
          {left > 0 ? (
            <>
              {version ? t`The panel is restarting into version ${version}.` : t`The panel is restarting.`}{' '}
              <Trans>
                This page reloads in{' '}
                <span className="font-semibold tabular-nums" data-testid="countdown">
                  {left}
                </span>{' '}
                s.
              </Trans>
            </>
          ) : answering ? (
            t`The panel answers again: reloading…`
          ) : (
            t`Waiting for the panel to answer…`
          )}
        </p>
      </div>
      {waited > restartCountdownSeconds + patienceSeconds && !answering && (
        <Alert tone="warning">
          {t`The panel has not answered for more than three minutes. Look at the container's log (docker logs) to see why.`}
        </Alert>
      )}
    </div>
  );
}
