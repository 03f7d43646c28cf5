import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-5xl font-semibold text-faint" aria-hidden="true">
        404
      </p>
      <h2 className="text-lg font-semibold">
        <Trans>Not Found</Trans>
      </h2>
      <p className="text-muted">
        <Trans>The page you asked for does not exist.</Trans>
      </p>
      <Link href="/crontab" className="text-primary-text hover:underline">
        <Trans>Back to home</Trans>
      </Link>
    </div>
  );
}
