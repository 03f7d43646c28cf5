import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { daemonAnswers } from './api.ts';

/** How long the page waits for the daemon to come back before it says so (it keeps waiting). */
const patienceSeconds = 60;

/**
 * After a confirmed restore: the daemon restarts and applies it before it opens the database. The page counts down,
 * asks /api/health every second, and reloads once a new daemon answers (its uptime is shorter than the time since
 * the confirmation).
 */
export function RestartCountdown({ confirmedAt }: { confirmedAt: number }) {
  const { t } = useLingui();
  const [left, setLeft] = useState(patienceSeconds);
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      const since = (Date.now() - confirmedAt) / 1000;
      setLeft(Math.max(0, Math.ceil(patienceSeconds - since)));
      void daemonAnswers().then((health) => {
        if (!stopped && health && since > 1 && health.uptime < since) {
          stopped = true;
          window.location.reload();
        }
      });
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [confirmedAt]);
  return (
    <div className="flex flex-col gap-3" data-testid="restart-countdown">
      <Alert tone="info">
        <span className="inline-flex items-center gap-2">
          <Spinner />
          {left > 0
            ? t`Baihu is restarting to restore the backup. This page reloads when it is back (${left} s).`
            : t`Baihu has not come back yet. Under the container it restarts by itself; started by hand, start it again.`}
        </span>
      </Alert>
      {left === 0 && (
        <div>
          <Button onClick={() => window.location.reload()}>{t`Reload now`}</Button>
        </div>
      )}
    </div>
  );
}
