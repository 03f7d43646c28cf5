import { LaterNotice } from '../../features/areas/LaterNotice.tsx';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import type { PageProps } from '../../lib/routing.ts';

/** A settings section that is not built yet. */
export default function SettingLaterPage({ title }: PageProps) {
  return (
    <SettingsLayout title={title}>
      <LaterNotice area={title} />
    </SettingsLayout>
  );
}
