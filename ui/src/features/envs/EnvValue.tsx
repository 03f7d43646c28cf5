import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/toast-store.ts';

const eye = 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z';
const eyeOff =
  'M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6A17 17 0 0 0 2 12s3.5 6 10 6a9.6 9.6 0 0 0 4.4-1';
const copy = 'M9 9h10v11H9zM5 15H4V4h11v1';

function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

/** Puts text on the clipboard; falls back to a hidden text area where the Clipboard API is missing (plain http). */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/**
 * A variable's value, masked (a fixed row of dots, so the length does not show) until revealed, with a copy button.
 * Copying never needs revealing.
 */
export function EnvValue({
  name,
  value,
  revealed,
  onReveal,
  className,
}: {
  name: string;
  value: string;
  revealed: boolean;
  onReveal: (revealed: boolean) => void;
  className?: string;
}) {
  const { t } = useLingui();
  const copyValue = async () => {
    try {
      await writeClipboard(value);
      toast(t`Value of ${name} copied`);
    } catch {
      toast(t`Could not copy; reveal the value and copy it by hand.`, 'error');
    }
  };
  return (
    <span className={'inline-flex min-w-0 items-center gap-1 ' + (className ?? '')}>
      {revealed ? (
        <code className="min-w-0 truncate font-mono text-[12px]" title={value} data-testid="env-value">
          {value === '' ? <span className="text-faint">{t`(empty)`}</span> : value}
        </code>
      ) : (
        <span className="font-mono text-[12px] tracking-wider text-muted select-none" data-testid="env-value">
          <span aria-hidden="true">••••••••</span>
          <span className="sr-only">{t`Hidden`}</span>
        </span>
      )}
      <Button
        size="icon"
        variant="ghost"
        className="size-7! shrink-0 text-muted"
        aria-label={revealed ? t`Hide value of ${name}` : t`Show value of ${name}`}
        aria-pressed={revealed}
        title={revealed ? t`Hide` : t`Show`}
        onClick={() => onReveal(!revealed)}
      >
        <Icon d={revealed ? eyeOff : eye} />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-7! shrink-0 text-muted"
        aria-label={t`Copy value of ${name}`}
        title={t`Copy`}
        onClick={copyValue}
      >
        <Icon d={copy} />
      </Button>
    </span>
  );
}
