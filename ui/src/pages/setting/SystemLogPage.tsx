import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { SystemLog } from '../../features/system-log/SystemLog.tsx';
import { SystemLogSettingsCard } from '../../features/system-log/SystemLogSettingsCard.tsx';

/** /setting/systemLog */
export default function SystemLogPage() {
  return (
    <SettingsLayout>
      <SystemLog />
      <SystemLogSettingsCard />
    </SettingsLayout>
  );
}
