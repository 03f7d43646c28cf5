import { About } from '../../features/about/About.tsx';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';

/** /setting/about */
export default function AboutPage() {
  return (
    <SettingsLayout>
      <About />
    </SettingsLayout>
  );
}
