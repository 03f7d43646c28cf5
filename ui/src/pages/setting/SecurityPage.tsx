import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { AvatarCard } from '../../features/security/AvatarCard.tsx';
import { CredentialsCard } from '../../features/security/CredentialsCard.tsx';
import { TwoFactorCard } from '../../features/security/TwoFactorCard.tsx';

export default function SecurityPage() {
  return (
    <SettingsLayout>
      <div className="grid gap-4 xl:grid-cols-2 xl:items-start">
        <CredentialsCard />
        <div className="flex flex-col gap-4">
          <TwoFactorCard />
          <AvatarCard />
        </div>
      </div>
    </SettingsLayout>
  );
}
