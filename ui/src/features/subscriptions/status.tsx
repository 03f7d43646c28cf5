import { SubscriptionStatus, SubscriptionType } from '@contract/enums.ts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, type Status } from '../../components/ui/Badge.tsx';

/** Every subscription status, once: its words and its colour (a Badge status). */
export const statusMap: Record<SubscriptionStatus, { label: MessageDescriptor; badge: Status }> = {
  [SubscriptionStatus.running]: { label: msg`Pulling`, badge: 'running' },
  [SubscriptionStatus.idle]: { label: msg`Idle`, badge: 'idle' },
  [SubscriptionStatus.disabled]: { label: msg`Disabled`, badge: 'disabled' },
  [SubscriptionStatus.queued]: { label: msg`Queued`, badge: 'queued' },
};

export function SubStatusBadge({ status }: { status: number }) {
  const { i18n } = useLingui();
  const entry = statusMap[status as SubscriptionStatus] ?? { label: msg`Unknown`, badge: 'idle' as Status };
  return <Badge status={entry.badge}>{i18n._(entry.label)}</Badge>;
}

/** A pull is under way or waiting: stop applies, the log is live. */
export const isBusy = (status: number): boolean =>
  status === SubscriptionStatus.running || status === SubscriptionStatus.queued;

export const typeLabels: Record<string, MessageDescriptor> = {
  [SubscriptionType.publicRepo]: msg`Public repository`,
  [SubscriptionType.privateRepo]: msg`Private repository`,
  [SubscriptionType.file]: msg`Single file`,
};

/** How the last pull ended (`last_end`, a RunEndKind), in words and colour. */
export const endMap: Record<string, { label: MessageDescriptor; badge: Status }> = {
  success: { label: msg`Succeeded`, badge: 'success' },
  failed: { label: msg`Failed`, badge: 'failed' },
  stopped: { label: msg`Stopped`, badge: 'disabled' },
  timeout: { label: msg`Timed out`, badge: 'failed' },
  interrupted: { label: msg`Interrupted`, badge: 'failed' },
};

export function EndBadge({ end }: { end: string | null }) {
  const { i18n } = useLingui();
  if (!end) return null;
  const entry = endMap[end] ?? { label: msg`Failed`, badge: 'failed' as Status };
  return <Badge status={entry.badge}>{i18n._(entry.label)}</Badge>;
}
