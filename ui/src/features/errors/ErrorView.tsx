import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/Button.tsx';
import { ChunkLoadError } from '../../lib/lazy.ts';

/**
 * What went wrong and a way out. A chunk that failed to load is usually a dropped connection or a new version
 * deployed under the page, so Retry reloads the whole page (a failed lazy import is cached until then).
 */
export function ErrorView({ error, standalone }: { error?: Error | null; standalone?: boolean }) {
  const { t } = useLingui();
  const chunk = !error || error instanceof ChunkLoadError;
  // On its own (/error) the view is the page; inside the layout, the header already holds the page's h1.
  const Wrapper = standalone ? 'main' : 'div';
  const Heading = standalone ? 'h1' : 'h2';
  return (
    <Wrapper className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <svg
        viewBox="0 0 24 24"
        className="size-12 text-status-failed"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6" strokeWidth="2" />
        <circle cx="12" cy="16.5" r="1.1" fill="currentColor" stroke="none" />
      </svg>
      <Heading className="text-lg font-semibold">
        {chunk ? t`This page failed to load` : t`Something went wrong`}
      </Heading>
      <p className="max-w-md text-muted">
        {chunk
          ? t`A script or stylesheet chunk failed to load. Check your network connection; if Baihu was just updated, reloading fetches the new version.`
          : t`The page hit an unexpected error. Reloading usually helps.`}
      </p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {t`Retry`}
      </Button>
    </Wrapper>
  );
}
