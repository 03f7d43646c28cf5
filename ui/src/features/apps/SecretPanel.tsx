import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import type { AppWithSecret } from './api.ts';

function CopyableValue({ label, value, copied }: { label: string; value: string; copied: string }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(copied);
    } catch {
      toast(t`Copy failed; select the text and copy it by hand`, 'warning');
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-[13px] font-medium">{label}</span>
      <div className="flex items-stretch gap-2">
        <code
          aria-label={label}
          className="block min-w-0 flex-1 rounded-md border border-line bg-subtle px-3 py-2 font-mono text-[13px] break-all select-all"
        >
          {value}
        </code>
        <Button size="sm" onClick={() => void copy()} aria-label={t`Copy ${label}`}>
          {t`Copy`}
        </Button>
      </div>
    </div>
  );
}

/**
 * The credentials right after create or reset: the only time the secret is ever shown (the daemon keeps only its
 * hash), with copy buttons and the token exchange a client makes with them.
 */
export function SecretPanel({ app }: { app: AppWithSecret }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="warning">
        <Trans>
          Copy the secret now: it is shown only this once. If it is lost, reset it and give the client the new one.
        </Trans>
      </Alert>
      <CopyableValue label={t`Client ID`} value={app.client_id} copied={t`Client ID copied`} />
      <CopyableValue label={t`Client Secret`} value={app.client_secret} copied={t`Client Secret copied`} />
      <p className="text-[13px] text-muted">
        <Trans>
          A client trades them for a token at <code className="font-mono">GET /open/auth/token</code> and calls{' '}
          <code className="font-mono">/open/…</code> with it, as with Qinglong.
        </Trans>
      </p>
    </div>
  );
}
