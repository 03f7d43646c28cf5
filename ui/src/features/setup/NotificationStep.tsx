import { closedNotification } from '@contract/notify.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { NotificationForm } from '../notification/index.ts';
import { startWizardSession, type Credentials, type WizardSession } from './wizardClient.ts';

type State = { kind: 'signingIn' } | { kind: 'ready'; session: WizardSession } | { kind: 'failed'; message: string };

/**
 * The optional notification step: signs in with the account just created (token kept in memory), then offers the
 * channel form. If signing in fails, it says so and still lets setup go on.
 */
export function NotificationStep({ credentials, onDone }: { credentials: Credentials; onDone: () => void }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ kind: 'signingIn' });
  const started = useRef(false);

  useEffect(() => {
    // Once per wizard: StrictMode's second effect run must not sign in twice.
    if (started.current) return;
    started.current = true;
    startWizardSession(credentials).then(
      (session) => setState({ kind: 'ready', session }),
      (error: Error) => setState({ kind: 'failed', message: error.message }),
    );
  }, [credentials]);

  const finish = () => {
    if (state.kind === 'ready') void state.session.end();
    onDone();
  };
  const skip = <Button onClick={finish}>{t`Skip`}</Button>;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-[13px] text-muted">
        <Trans>
          Baihu can tell you when a task fails or finishes. Choose a channel and save: a test message is sent, and the
          settings are kept only if it arrives. You can change this later in Settings → Notification.
        </Trans>
      </p>
      {state.kind === 'signingIn' && (
        <div className="flex items-center justify-between gap-3 py-4">
          <span className="text-primary">
            <Spinner label={t`Signing in to set up notifications`} />
          </span>
          {skip}
        </div>
      )}
      {state.kind === 'failed' && (
        <>
          <Alert tone="warning">
            {t`Could not sign in with the new account to set up notifications (${state.message}). Skip this step and set them up in Settings → Notification after signing in.`}
          </Alert>
          <div className="flex justify-end">{skip}</div>
        </>
      )}
      {state.kind === 'ready' && (
        <NotificationForm
          client={state.session}
          initial={closedNotification}
          submitLabel={t`Save and continue`}
          onSaved={finish}
          extraActions={skip}
          align="end"
        />
      )}
    </div>
  );
}
