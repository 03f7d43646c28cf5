import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, panelZone } from '../../lib/format.ts';
import { ActionIcon } from './ActionIcon.tsx';

/** A time in a list, as the detail shows it (lib/format.ts); the title names the panel's zone it is in. */
export function TimeCell({ ms }: { ms: number | null | undefined }) {
  if (!ms) return <span className="text-faint">—</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={panelZone()} className="whitespace-nowrap">
      {formatDateTime(ms)}
    </time>
  );
}

export function Labels({ labels }: { labels: string[] }) {
  if (labels.length === 0) return <span className="text-faint">—</span>;
  return (
    <span className="inline-flex gap-1">
      {labels.map((label) => (
        <span key={label} className="rounded bg-primary-soft px-1.5 text-[12px] text-primary-text">
          {label}
        </span>
      ))}
    </span>
  );
}

/** The pin before a pinned row's name, read out as "Pinned". */
export function PinnedMark({ pinned }: { pinned: boolean | number }) {
  const { t } = useLingui();
  if (!pinned) return null;
  return (
    <span title={t`Pinned`} className="shrink-0 text-primary-text">
      <ActionIcon name="pin" className="size-3.5" />
      <span className="sr-only">
        <Trans>Pinned</Trans>
      </span>
    </span>
  );
}
