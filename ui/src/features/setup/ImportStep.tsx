import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { QinglongImportPanel } from '../qinglong-import/index.ts';

/**
 * The Qinglong step, for a user who said on the welcome step they have a Qinglong data folder: they name it, see
 * what comes over, and import it in one go with the session the account step signed in with (or skip).
 */
export function ImportStep({ signInError, onDone }: { signInError: string | null; onDone: () => void }) {
  const { t } = useLingui();
  const [imported, setImported] = useState(false);
  const next = (
    <Button onClick={onDone}>{imported ? t`Continue` : t({ message: 'Skip', context: 'skip this setup step' })}</Button>
  );
  // Without a session the import cannot run here; Settings → Other offers it after signing in.
  if (signInError !== null) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="warning">
          {t`Could not sign in with the new account (${signInError}). Sign in later and import from Settings → Other.`}
        </Alert>
        <div className="flex justify-end">{next}</div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-[13px] text-muted">
        <Trans>
          Baihu brings everything over: tasks, variables, subscriptions, dependencies, notification settings, scripts
          and logs. Qinglong's folder is only read.
        </Trans>
      </p>
      {/* Qinglong's account replaces the one just made only when asked: the user chose that one a moment ago. */}
      <QinglongImportPanel onImported={() => setImported(true)} extraActions={next} />
    </div>
  );
}
