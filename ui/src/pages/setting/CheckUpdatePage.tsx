import { useState } from 'react';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { CheckUpdate } from '../../features/update/CheckUpdate.tsx';
import { UpdateSettingsCard } from '../../features/update/UpdateSettingsCard.tsx';
import type { PageProps } from '../../lib/routing.ts';

/** /setting/checkUpdate: the check runs again when the settings change. */
export default function CheckUpdatePage({ title }: PageProps) {
  const [round, setRound] = useState(0);
  return (
    <SettingsLayout title={title}>
      <CheckUpdate key={round} />
      <UpdateSettingsCard onSaved={() => setRound((n) => n + 1)} />
    </SettingsLayout>
  );
}
