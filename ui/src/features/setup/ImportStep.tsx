import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { QinglongImportPanel } from '../qinglongImport/index.ts';

/**
 * The optional Qinglong step: a user moving in names Qinglong's data folder and everything comes over in one go
 * (with the session the account step signed in with). Anyone else goes on.
 */
export function ImportStep({ signInError, onDone }: { signInError: string | null; onDone: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [imported, setImported] = useState(false);
  // Without a session the import cannot run here; Settings → Other offers it after signing in.
  if (!open || signInError !== null) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-[13px] text-muted">
          <Trans>
            If you used Qinglong, Baihu can bring everything over: tasks, variables, subscriptions, dependencies,
            notification settings, scripts and logs. Qinglong's folder is only read.
          </Trans>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={onDone}>{t`I am new here`}</Button>
          {signInError === null && (
            <Button variant="primary" onClick={() => setOpen(true)}>
              {t`I have a Qinglong data folder`}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <QinglongImportPanel
      replaceAccountDefault
      onImported={() => setImported(true)}
      extraActions={<Button onClick={onDone}>{imported ? t`Continue` : t`Skip`}</Button>}
    />
  );
}
