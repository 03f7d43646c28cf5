import type { ImportNotifyLibrary } from '@contract/import-schemas.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { importApi } from './api.ts';

/** Says which of scripts/sendNotify.js and notify.py are the user's own, kept, and where Baihu's library went. */
export function KeptLibrariesNotice() {
  const { t } = useLingui();
  const [kept, setKept] = useState<ImportNotifyLibrary[]>([]);
  useEffect(() => {
    importApi.keptLibraries().then(setKept, () => setKept([]));
  }, []);
  if (kept.length === 0) return null;
  return (
    <Alert tone="info">
      {kept.map((library) => (
        <p key={library.file}>
          {t`scripts/${library.file} is your own file (not Baihu's notification library), so Baihu keeps it as it is. Scripts that import it keep using it; Baihu's library is at scripts/${library.baihuName}.`}
        </p>
      ))}
    </Alert>
  );
}
