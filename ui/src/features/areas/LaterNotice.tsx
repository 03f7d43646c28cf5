import { Trans } from '@lingui/react/macro';
import { Card } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';

/** Stands in for an area that is not built yet. It names the area and says so plainly; it never fakes a screen. */
export function LaterNotice({ area }: { area: string }) {
  return (
    <Card>
      <EmptyState
        icon={
          <svg
            viewBox="0 0 24 24"
            className="size-10"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            aria-hidden="true"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="M3 9h18M8 14h8" />
          </svg>
        }
        title={<Trans>{area}: this area arrives in a later version</Trans>}
        description={
          <Trans>Baihu is being built area by area. Sign-in, first-run setup and account security are ready now.</Trans>
        }
      />
    </Card>
  );
}
