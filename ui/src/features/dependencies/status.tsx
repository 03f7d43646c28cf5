import { DependencyStatus, DependencyType, type DependencyTypeName } from '@contract/enums.ts';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Badge, type Status } from '../../components/ui/Badge.tsx';

/** Every dependency status, once: its words and its colour (a Badge status). */
export const statusMap: Record<DependencyStatus, { label: MessageDescriptor; badge: Status }> = {
  [DependencyStatus.queued]: { label: msg`Queued`, badge: 'queued' },
  [DependencyStatus.installing]: { label: msg`Installing`, badge: 'running' },
  [DependencyStatus.installed]: { label: msg`Installed`, badge: 'installed' },
  [DependencyStatus.installFailed]: { label: msg`Install failed`, badge: 'failed' },
  [DependencyStatus.removing]: { label: msg`Removing`, badge: 'running' },
  [DependencyStatus.removed]: { label: msg`Removed`, badge: 'disabled' },
  [DependencyStatus.removeFailed]: { label: msg`Removal failed`, badge: 'failed' },
  [DependencyStatus.cancelled]: { label: msg`Cancelled`, badge: 'disabled' },
};

export function DepStatusBadge({ status }: { status: number }) {
  const { i18n } = useLingui();
  const entry = statusMap[status as DependencyStatus] ?? { label: msg`Unknown`, badge: 'idle' as Status };
  return <Badge status={entry.badge}>{i18n._(entry.label)}</Badge>;
}

/** An install or removal is under way or waiting: cancel applies, the log is live. */
export const isBusy = (status: number): boolean =>
  status === DependencyStatus.installing || status === DependencyStatus.queued || status === DependencyStatus.removing;

export const typeLabels: Record<DependencyTypeName, MessageDescriptor> = {
  nodejs: msg`Node`,
  python3: msg`Python`,
  linux: msg`Linux`,
};
export const typeOf = (name: DependencyTypeName) => DependencyType[name];
