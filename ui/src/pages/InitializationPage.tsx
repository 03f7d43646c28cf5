import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useSystem } from '../app/system.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { Steps } from '../components/ui/Steps.tsx';
import { AuthFrame } from '../features/auth/AuthFrame.tsx';
import { AccountStep } from '../features/setup/AccountStep.tsx';
import { ImportStep } from '../features/setup/ImportStep.tsx';
import { NotificationStep } from '../features/setup/NotificationStep.tsx';
import { finishSetup, saveSetupTimezone, signInAfterSetup } from '../features/setup/signIn.ts';
import { getToken, rememberSetupPlace, setupPlaceHere } from '../lib/session.ts';

type Step = 'welcome' | 'account' | 'import' | 'notification' | 'completion';
/** The steps after the account exists: where a reload or a later visit continues. */
const afterAccount: readonly string[] = ['import', 'notification', 'completion'];

/** Where the wizard starts: where this browser left it, else the notification step once the account exists. */
function startOf(setupPending: boolean): { step: Step; moving: boolean } {
  if (!setupPending) return { step: 'welcome', moving: false };
  const place = setupPlaceHere();
  if (place && afterAccount.includes(place.step)) return { step: place.step as Step, moving: place.moving };
  return { step: 'notification', moving: false };
}

/**
 * First-run setup (spec §4): welcome → account → notification (skippable) → completion → the panel, signed in.
 * "I have a Qinglong data folder" on the welcome step adds the Qinglong import after the account step.
 * Creating the account signs the administrator in and makes the panel usable; the steps after it are optional. A
 * wizard reloaded or left after that step continues where it stopped at /initialization (this browser remembers the
 * step, Qinglong's included).
 */
export default function InitializationPage() {
  const { t } = useLingui();
  const { setupPending, accountCreated, setupDone } = useSystem();
  const [start] = useState(() => startOf(setupPending));
  const [step, showStep] = useState<Step>(start.step);
  const [signInError, setSignInError] = useState<string | null>(null);
  const [moving, setMoving] = useState(start.moving);
  const setStep = (next: Step) => {
    showStep(next);
    if (afterAccount.includes(next)) rememberSetupPlace({ step: next, moving });
  };
  const order: Step[] = ['welcome', 'account', ...(moving ? (['import'] as const) : []), 'notification', 'completion'];
  const [finishing, setFinishing] = useState(false);
  const [, navigate] = useLocation();
  const headings: Record<Step, string> = {
    welcome: t`Welcome to Baihu`,
    account: t`Create your account`,
    import: t`Moving from Qinglong?`,
    notification: t`Notifications`,
    completion: t`All set`,
  };
  const signedIn = signInError === null && getToken() !== null;

  const finish = async () => {
    setFinishing(true);
    await finishSetup();
    setupDone();
    navigate(signedIn ? '/dashboard' : '/login', { replace: true });
  };

  return (
    <AuthFrame wide>
      <Card className="px-6 py-7 sm:px-8">
        <Steps
          label={t`Setup progress`}
          steps={[t`Welcome`, t`Account`, ...(moving ? [t`Qinglong`] : []), t`Notification`, t`Completion`]}
          current={order.indexOf(step)}
        />
        <h1 className="mt-7 mb-2 text-xl font-semibold">{headings[step]}</h1>
        {step === 'welcome' && (
          <div className="flex flex-col gap-6">
            <p className="text-muted">
              <Trans>
                Baihu runs your Python, JavaScript, shell and TypeScript scripts on a schedule. Setup takes a minute:
                create the administrator account, optionally set up notifications, and you are ready.
              </Trans>
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button onClick={() => (setMoving(true), setStep('account'))}>{t`I have a Qinglong data folder`}</Button>
              <Button variant="primary" onClick={() => setStep('account')}>
                {t`Start`}
              </Button>
            </div>
          </div>
        )}
        {step === 'account' && (
          <AccountStep
            onDone={async (created, credentials, timezone) => {
              try {
                await signInAfterSetup(created, credentials);
              } catch (error) {
                setSignInError((error as Error).message);
              }
              // With the new session; a zone the daemon refuses leaves the container's in force (Settings shows it).
              await saveSetupTimezone(timezone).catch(() => undefined);
              const next = moving ? 'import' : 'notification';
              accountCreated({ step: next, moving });
              showStep(next);
            }}
          />
        )}
        {step === 'import' && <ImportStep signInError={signInError} onDone={() => setStep('notification')} />}
        {step === 'notification' && <NotificationStep signInError={signInError} onDone={() => setStep('completion')} />}
        {step === 'completion' && (
          <div className="flex flex-col gap-6">
            <p className="text-muted">
              {signedIn ? (
                <Trans>Your account is ready and you are signed in.</Trans>
              ) : (
                <Trans>Your account is ready. Sign in with the username and password you just chose.</Trans>
              )}
            </p>
            <div className="flex justify-end">
              <Button variant="primary" onClick={() => void finish()} loading={finishing}>
                {signedIn ? t`Go to the panel` : t`Go to login`}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </AuthFrame>
  );
}
