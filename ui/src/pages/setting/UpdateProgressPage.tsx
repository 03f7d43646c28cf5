import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { UpdateProgress } from '../../features/update/UpdateProgress.tsx';
import type { PageProps } from '../../lib/routing.ts';

/** /setting/progress */
export default function UpdateProgressPage({ title }: PageProps) {
  return (
    <SettingsLayout title={title}>
      <UpdateProgress />
    </SettingsLayout>
  );
}
