import { optionalBackupParts, type BackupPart } from '@contract/backup-parts.ts';
import { useLingui } from '@lingui/react/macro';

/** The parts a backup may hold, as checkboxes; the database is always in it. */
export function PartPicker({
  value,
  onChange,
  legend,
}: {
  value: BackupPart[];
  onChange: (parts: BackupPart[]) => void;
  legend: string;
}) {
  const { t } = useLingui();
  const labels: Record<BackupPart, string> = {
    db: t`Database, sign-in key and avatars (always)`,
    config: t`Configuration files`,
    scripts: t`Scripts`,
    repo: t`Subscription repositories`,
    raw: t`Single-file subscriptions`,
    log: t`Run logs`,
    deps: t`Shared modules (installed packages are reinstalled from the dependency list)`,
    'ssh.d': t`SSH keys`,
    syslog: t`System log`,
  };
  const toggle = (part: BackupPart, on: boolean) =>
    onChange(['db', ...optionalBackupParts.filter((p) => (p === part ? on : value.includes(p)))]);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-[13px] font-medium">{legend}</legend>
      <label className="inline-flex items-center gap-2 text-[13px] text-muted">
        <input type="checkbox" checked disabled className="size-4 accent-primary" />
        {labels.db}
      </label>
      <div className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
        {optionalBackupParts.map((part) => (
          <label key={part} className="inline-flex items-start gap-2 text-[13px]">
            <input
              type="checkbox"
              checked={value.includes(part)}
              onChange={(e) => toggle(part, e.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span>{labels[part]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
