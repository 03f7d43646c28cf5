import { ImportKinds, type ImportKind } from '@contract/import.ts';
import { useLingui } from '@lingui/react/macro';
import { Alert } from '../../components/ui/Alert.tsx';
import { formatSize } from '../../lib/files.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { RestoreCheck } from './api.ts';

/** What the check found, before anything is replaced. */
export function RestoreCheckView({ check }: { check: RestoreCheck }) {
  const { t } = useLingui();
  const kindLabels: Record<ImportKind, string> = {
    account: t`Account`,
    task: t`Tasks`,
    view: t`Task views`,
    variable: t`Variables`,
    subscription: t`Subscriptions`,
    dependency: t`Dependencies`,
    app: t`Applications`,
    notification: t`Notification`,
    setting: t`Settings`,
    file: t`Files`,
  };
  const rows: [string, string][] = [
    [t`Kind`, check.kind === 'baihu' ? t`Baihu backup` : t`Qinglong backup (data.tgz)`],
    ...(check.baihuVersion ? ([[t`Made by`, `Baihu ${check.baihuVersion}`]] as [string, string][]) : []),
    ...(check.createdAt ? ([[t`Made at`, formatDateTime(Date.parse(check.createdAt))]] as [string, string][]) : []),
    [t`Parts`, check.parts.join(', ')],
    [t`Files`, `${check.files} · ${formatSize(check.bytes)}`],
    ...(check.ignored.length ? ([[t`Left out`, check.ignored.join(', ')]] as [string, string][]) : []),
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="restore-check">
      <Alert tone="success">{t`The archive passed every check. Nothing has been replaced yet.`}</Alert>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-[13px]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {check.qinglong && (
        <table className="w-full max-w-md text-[13px]" aria-label={t`What the Qinglong import would bring`}>
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1 font-medium">{t`Kind`}</th>
              <th className="py-1 text-right font-medium">{t`Found`}</th>
              <th className="py-1 text-right font-medium">{t`Brought`}</th>
            </tr>
          </thead>
          <tbody>
            {ImportKinds.filter((kind) => check.qinglong!.counts[kind].found > 0).map((kind) => (
              <tr key={kind} className="border-t border-line">
                <td className="py-1">{kindLabels[kind]}</td>
                <td className="py-1 text-right tabular-nums">{check.qinglong!.counts[kind].found}</td>
                <td className="py-1 text-right tabular-nums">{check.qinglong!.counts[kind].importable}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {check.kind === 'qinglong' && !check.canApply && (
        <Alert tone="warning">
          {t`Importing a Qinglong backup needs the Qinglong import, which this version does not have yet. Nothing will be changed.`}
        </Alert>
      )}
    </div>
  );
}
