import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { PageSpinner, Spinner } from '../../components/ui/Spinner.tsx';
import { formatDateTime, formatDuration } from '../../lib/format.ts';
import { unwrapText } from '../../lib/unwrap-text.ts';
import { getAbout, getDoc, type AboutInfo } from './api.ts';
import { DataSizes } from './DataSizes.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 py-1.5 text-[13px] sm:grid-cols-[12rem_1fr]">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** A shipped document, as its text. */
function DocDialog({ name, onClose }: { name: string | null; onClose: () => void }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!name) return;
    setText(null);
    getDoc(name).then(setText, (failure: Error) => setText(failure.message));
  }, [name]);
  return (
    <Dialog
      open={name !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`docs/${name}.md`}
      className="max-w-4xl"
    >
      {text === null ? (
        <Spinner />
      ) : (
        <pre className="font-sans text-[13px] leading-relaxed whitespace-pre-wrap">{text}</pre>
      )}
    </Dialog>
  );
}

/** /setting/about: what runs (version, build, where from), with what (interpreters), on what data, and what is new. */
export function About() {
  const { t } = useLingui();
  const [about, setAbout] = useState<AboutInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [doc, setDoc] = useState<string | null>(null);
  useEffect(() => {
    getAbout().then(setAbout, (failure: Error) => setError(failure.message));
  }, []);
  if (error) return <Alert>{error}</Alert>;
  if (!about) return <PageSpinner />;
  const from = {
    image: t`the container image`,
    staged: t`an update (the image has ${about.imageVersion})`,
    checkout: t`a checkout of the sources`,
  }[about.runningFrom];
  const missing = t`not installed`;

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <Card>
        <CardHeader
          title={`Baihu ${about.version}`}
          description={t`A panel for scheduled scripts that speaks Qinglong's API.`}
          actions={
            <Link href="/setting/checkUpdate" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
              {t`Check for updates`}
            </Link>
          }
        />
        <CardBody>
          <dl>
            <Row label={t`Version`}>
              <span data-testid="about-version">{about.version}</span>
            </Row>
            <Row label={t`Commit`}>
              <span className="font-mono">
                {about.commit ? about.commit.slice(0, 12) : t`unknown (run from the sources)`}
              </span>
            </Row>
            <Row label={t`Built`}>
              {about.buildDate ? formatDateTime(Date.parse(about.buildDate)) : t`not built (run from the sources)`}
            </Row>
            <Row label={t`Running from`}>{from}</Row>
            <Row label={t`Up for`}>{formatDuration(about.uptime * 1000)}</Row>
            <Row label={t`Data folder`}>
              <span className="font-mono">{about.dataDir}</span>
            </Row>
            <Row label="Node.js">{about.runtimes.node}</Row>
            <Row label="Python 3">{about.runtimes.python3 ?? missing}</Row>
            <Row label="Git">{about.runtimes.git ?? missing}</Row>
          </dl>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t`Data folder`} description={t`How much room each folder takes.`} />
        <CardBody>
          <DataSizes />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t`Documentation`} description={t`The guides shipped with this version.`} />
        <CardBody className="flex flex-wrap gap-2">
          {about.docs.map((name) => (
            <Button key={name} size="sm" variant="link" onClick={() => setDoc(name)}>
              {name}.md
            </Button>
          ))}
          {about.projectUrl && (
            <a
              className="text-[13px] text-primary-text underline"
              href={about.projectUrl}
              target="_blank"
              rel="noreferrer"
            >
              {t`Project page`}
            </a>
          )}
          {about.issuesUrl && (
            <a
              className="text-[13px] text-primary-text underline"
              href={about.issuesUrl}
              target="_blank"
              rel="noreferrer"
            >
              {t`Report an issue`}
            </a>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t`What is new in ${about.version}`} />
        <CardBody>
          <pre className="font-sans text-[13px] leading-relaxed whitespace-pre-wrap" data-testid="about-changelog">
            {unwrapText(about.changelog) || t`The changelog has no entry for this version.`}
          </pre>
        </CardBody>
      </Card>
      <DocDialog name={doc} onClose={() => setDoc(null)} />
    </div>
  );
}
