import type { NotificationSettings } from '@contract/notifications.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { NotificationForm } from '../../features/notifications/NotificationForm.tsx';
import { LastDelivery } from '../../features/notifications/LastDelivery.tsx';
import { LocalTargetsCard } from '../../features/notifications/LocalTargetsCard.tsx';
import { TaskPolicyCard } from '../../features/notifications/TaskPolicyCard.tsx';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { api } from '../../lib/api.ts';

export default function NotificationPage() {
  const { t } = useLingui();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.get<NotificationSettings>('user/notification').then(setSettings, (failure: Error) => setError(failure.message));
  }, []);

  return (
    <SettingsLayout>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
        <Card>
          <CardHeader
            title={t`Notification channel`}
            description={t`Where task results, sign-ins and system messages are sent.`}
          />
          <CardBody className="flex flex-col gap-4">
            <LastDelivery />
            {error && <Alert>{error}</Alert>}
            {!settings && !error && <PageSpinner />}
            {settings && (
              <div className="max-w-xl">
                <NotificationForm client={api} initial={settings} submitLabel={t`Save`} showTest />
              </div>
            )}
          </CardBody>
        </Card>
        <div className="flex flex-col gap-4">
          <TaskPolicyCard />
          <LocalTargetsCard />
        </div>
      </div>
    </SettingsLayout>
  );
}
