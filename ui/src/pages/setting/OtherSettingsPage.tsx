import { useLingui } from '@lingui/react/macro';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { SchedulingCard } from '../../features/settings/SchedulingCard.tsx';
import { KeptLibrariesNotice, QinglongImportPanel } from '../../features/qinglong-import/index.ts';
import { BackupSection } from '../../features/backup/BackupSection.tsx';
import { LogCleanupCard } from '../../features/backup/LogCleanupCard.tsx';
import { RunHistoryCard } from '../../features/backup/RunHistoryCard.tsx';

/**
 * /setting/other: scheduling (how many tasks run at once, the time zone, the language of run logs); log deletion;
 * run history; backup and restore (features/backup); the Qinglong import. Each card has one Save (SaveRow).
 */
export default function OtherSettingsPage() {
  const { t } = useLingui();
  return (
    <SettingsLayout>
      <div className="flex flex-col gap-4">
        <SchedulingCard />
        <LogCleanupCard />
        <RunHistoryCard />
        <BackupSection />
      </div>
      <Card className="mt-4 max-w-3xl">
        <CardHeader
          title={t`Import from Qinglong`}
          description={t`Bring tasks, variables, subscriptions, dependencies, settings and files over from a Qinglong data folder. Running it again brings only what is new.`}
        />
        <CardBody className="flex flex-col gap-4">
          <KeptLibrariesNotice />
          <QinglongImportPanel />
        </CardBody>
      </Card>
    </SettingsLayout>
  );
}
