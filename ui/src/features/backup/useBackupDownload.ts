import { useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { saveBlob } from '../../lib/download.ts';
import { downloadBackup } from './api.ts';

export interface DownloadState {
  name: string;
  received: number;
  total: number | null;
}

/** Downloads a backup file with its progress (bytes received of Content-Length), then hands it to the browser. */
export function useBackupDownload() {
  const [state, setState] = useState<DownloadState | null>(null);
  const start = async (name: string) => {
    setState({ name, received: 0, total: null });
    try {
      const blob = await downloadBackup(name, (received, total) => setState({ name, received, total }));
      saveBlob(blob, name);
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setState(null);
    }
  };
  return { downloading: state, download: start };
}
