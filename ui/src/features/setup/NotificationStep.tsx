import { closedNotification } from '@contract/notifications.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { NotificationForm } from '../notifications/index.ts';
import { sessionClient } from './signIn.ts';

/**
 * The optional notification step, with the session setup signed in with. If signing in failed (`signInError`), it
 * says so and still lets setup go on.
 */
export function NotificationStep({ signInError, onDone }: { signInError: string | null; onDone: () => void }) {
  const { t } = useLingui();
  const skip = <Button onClick={onDone}>{t({ message: 'Skip', context: 'skip this setup step' })}</Button>;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-[13px] text-muted">
        <Trans>
          Baihu can tell you when a task fails or finishes. Choose a channel and save: a test message is sent, and the
          settings are kept only if it arrives. You can change this later in Settings → Notification.
        </Trans>
      </p>
      {signInError !== null ? (
        <>
          <Alert tone="warning">
            {t`Could not sign in with the new account to set up notifications (${signInError}). Skip this step and set them up in Settings → Notification after signing in.`}
          </Alert>
          <div className="flex justify-end">{skip}</div>
        </>
      ) : (
        <NotificationForm
          client={sessionClient}
          initial={closedNotification}
          submitLabel={t`Save and continue`}
          onSaved={onDone}
          extraActions={skip}
          align="end"
        />
      )}
    </div>
  );
}
