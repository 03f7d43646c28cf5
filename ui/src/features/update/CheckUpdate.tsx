import type { UpdateBlock } from '@contract/update.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { unwrapText } from '../../lib/unwrap-text.ts';
import { checkForUpdate, startDownload, type UpdateCheck, type UpdateStatus } from './api.ts';
import { StartupFailure } from './StartupFailure.tsx';

function useBlockText(): (block: UpdateBlock, needs: string[]) => string {
  const { t } = useLingui();
  return (block, needs) =>
    ({
      disabled: t`Downloading updates is turned off below. Turn it on to update from here.`,
      managedImage: t`This container is updated with its image (BAIHU_SELF_UPDATE=false): pull the newer image to update.`,
      noSupervisor: t`This panel is not run by the container's entrypoint, so it cannot restart itself: update it the way it was installed.`,
      incompatible: t`This version needs a newer container image (${needs.join('; ')}): pull the newest image.`,
    })[block];
}

/**
 * /setting/checkUpdate: where updates come from and, when a release feed is set, what it offers: read at once, what is
 * new, the download. Without a feed it says so calmly and reads nothing (no request that can only fail).
 */
export function CheckUpdate({ status }: { status: UpdateStatus }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const blockText = useBlockText();
  const [check, setCheck] = useState<UpdateCheck | null>(null);
  const [attempt, setAttempt] = useState(status.lastAttempt);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [starting, setStarting] = useState(false);
  const feed = status.feedUrl;

  const run = useCallback(() => {
    if (!feed) return;
    setChecking(true);
    setError(null);
    checkForUpdate()
      .then(setCheck, (failure: Error) => setError(failure.message))
      .finally(() => setChecking(false));
  }, [feed]);
  useEffect(run, [run]);

  const download = async () => {
    setStarting(true);
    try {
      await startDownload();
      navigate('/setting/progress');
    } catch (failure) {
      setError((failure as Error).message);
      setStarting(false);
    }
  };
  const busy = status.job?.state === 'running';
  const current = status.currentVersion;

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      {attempt && attempt.outcome !== 'ok' && <StartupFailure attempt={attempt} onDismissed={() => setAttempt(null)} />}
      <Card>
        <CardHeader
          title={t`Check for updates`}
          description={t`Running version ${current}. New versions come from a release feed: a list of releases at a web address.`}
          actions={
            feed && (
              <Button size="sm" onClick={run} loading={checking}>
                {t`Check again`}
              </Button>
            )
          }
        />
        <CardBody className="flex flex-col gap-4">
          {!feed && (
            <div className="flex flex-col gap-1 text-[13px]" data-testid="no-feed">
              <p className="font-medium">{t`No release feed is set, so this panel does not look for updates.`}</p>
              <p className="text-muted">
                {status.managedImage
                  ? t`This container is updated with its image: pull a newer image to update.`
                  : t`Enter a feed's address under Update settings below to check here, or update the way this panel was installed (a newer container image, or git pull).`}
              </p>
            </div>
          )}
          {feed && (
            <p className="text-[13px] text-muted">
              {t`Release feed:`} <span className="font-mono break-all">{feed}</span>
            </p>
          )}
          {error && <Alert>{error}</Alert>}
          {checking && !check && <PageSpinner />}
          {busy && (
            <Alert tone="info">
              <Trans>
                A download is under way. <Link href="/setting/progress">Show its progress</Link>
              </Trans>
            </Alert>
          )}
          {check && !check.hasNewVersion && (
            <Alert tone="success">{t`You are on the latest version (${check.currentVersion}).`}</Alert>
          )}
          {check?.hasNewVersion && (
            <>
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h3 className="text-[16px] font-semibold" data-testid="new-version">
                  {t`Version ${check.lastVersion} is available`}
                </h3>
                {check.releaseDate && <span className="text-[13px] text-muted">{check.releaseDate}</span>}
                {check.lastLogLink && (
                  <a
                    className="text-[13px] text-primary-text underline"
                    href={check.lastLogLink}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t`Full changelog`}
                  </a>
                )}
              </div>
              <section aria-label={t`What is new`}>
                <pre className="max-h-80 overflow-auto rounded-md border border-line bg-subtle p-3 font-sans text-[13px] leading-relaxed whitespace-pre-wrap">
                  {unwrapText(check.lastLog) || t`No changelog was published for this version.`}
                </pre>
              </section>
              {check.staged === check.lastVersion ? (
                <Alert tone="info">
                  <Trans>
                    Version {check.lastVersion} is downloaded. <Link href="/setting/progress">Restart to use it</Link>
                  </Trans>
                </Alert>
              ) : check.canDownload ? (
                <div>
                  <Button variant="primary" onClick={download} loading={starting} disabled={busy}>
                    {t`Download and install`}
                  </Button>
                </div>
              ) : (
                check.blocked && <Alert tone="warning">{blockText(check.blocked, check.needs)}</Alert>
              )}
            </>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
