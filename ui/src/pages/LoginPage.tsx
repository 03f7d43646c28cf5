import type { LoginResult } from '@contract/user.ts';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Card } from '../components/ui/Card.tsx';
import { AuthFrame } from '../features/auth/AuthFrame.tsx';
import { CodeStep } from '../features/auth/CodeStep.tsx';
import { completeSignIn } from '../features/auth/completeSignIn.ts';
import { PasswordStep, type Credentials } from '../features/auth/PasswordStep.tsx';
import { takeLoginNotice } from '../lib/session.ts';

export default function LoginPage() {
  const [, navigate] = useLocation();
  // E.g. "Login session has expired": the reason the user landed here, shown once.
  const [notice] = useState(takeLoginNotice);
  const [credentials, setCredentials] = useState<Credentials>({ username: '', password: '' });
  const [needsCode, setNeedsCode] = useState(false);
  const signedIn = (result: LoginResult) => navigate(completeSignIn(result), { replace: true });

  return (
    <AuthFrame>
      <Card className="px-6 py-7 sm:px-8">
        <h1 className="text-xl font-semibold">
          {needsCode ? <Trans>Two-factor verification</Trans> : <Trans>Sign in to Baihu</Trans>}
        </h1>
        {needsCode ? (
          <div className="mb-5" />
        ) : (
          <p className="mt-1 mb-6 text-[13px] text-muted">
            <Trans>Scheduled scripts, one place.</Trans>
          </p>
        )}
        {needsCode ? (
          <CodeStep credentials={credentials} onSignedIn={signedIn} onBack={() => setNeedsCode(false)} />
        ) : (
          <PasswordStep
            initial={credentials}
            notice={notice}
            onSignedIn={signedIn}
            onNeedsCode={(given) => {
              setCredentials(given);
              setNeedsCode(true);
            }}
          />
        )}
      </Card>
    </AuthFrame>
  );
}
