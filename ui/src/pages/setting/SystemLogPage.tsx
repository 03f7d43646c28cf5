import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { SystemLog } from '../../features/systemLog/SystemLog.tsx';
import { SystemLogSettingsCard } from '../../features/systemLog/SystemLogSettingsCard.tsx';

/** /setting/systemLog */
export default function SystemLogPage() {
  return (
    <SettingsLayout>
      <SystemLog />
      <SystemLogSettingsCard />
    </SettingsLayout>
  );
}
