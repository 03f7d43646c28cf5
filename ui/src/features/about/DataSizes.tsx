import { dataSizesEvent } from '@contract/about.ts';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { formatSize } from '../../lib/files.ts';
import { formatDateTime } from '../../lib/format.ts';
import { onEvent } from '../../lib/live.ts';
import { getDataSizes, type DataSizesReply } from './api.ts';

/** The data directory's folders by size. Measured by the daemon in the background; told over the socket when done. */
export function DataSizes() {
  const { t } = useLingui();
  const [reply, setReply] = useState<DataSizesReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback((fresh = false) => {
    getDataSizes(fresh).then(setReply, (failure: Error) => setError(failure.message));
  }, []);
  // Measured as the page opens; a walk longer than the answer waits for is told by the event.
  useEffect(() => load(true), [load]);
  useEffect(
    () =>
      onEvent(
        dataSizesEvent,
        () => load(),
        () => load(),
      ),
    [load],
  );

  if (error) return <p className="text-[13px] text-danger-text">{error}</p>;
  const sizes = reply?.sizes;
  if (!sizes) {
    return (
      <p className="flex items-center gap-2 text-[13px] text-muted">
        <Spinner /> {t`Measuring the data folder…`}
      </p>
    );
  }
  const largest = Math.max(1, ...sizes.folders.map((f) => f.bytes));
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full text-[13px]" aria-label={t`Data folder sizes`}>
        <thead className="text-left text-muted">
          <tr>
            <th className="py-1 font-medium">{t`Folder`}</th>
            <th className="py-1 text-right font-medium">{t`Files`}</th>
            <th className="py-1 text-right font-medium">{t`Size`}</th>
            <th className="hidden w-1/3 py-1 sm:table-cell" aria-hidden="true" />
          </tr>
        </thead>
        <tbody>
          {sizes.folders.map((folder) => (
            <tr key={folder.name} className="border-t border-line">
              <td className="py-1 font-mono">{folder.name}</td>
              <td className="py-1 text-right tabular-nums">{folder.files}</td>
              <td className="py-1 text-right tabular-nums">{formatSize(folder.bytes)}</td>
              <td className="hidden py-1 pl-3 sm:table-cell" aria-hidden="true">
                <div
                  className="h-1.5 rounded-full bg-primary/70"
                  style={{ width: `${(folder.bytes / largest) * 100}%` }}
                />
              </td>
            </tr>
          ))}
          <tr className="border-t border-line-strong font-medium">
            <td className="py-1">{t`Total`}</td>
            <td />
            <td className="py-1 text-right tabular-nums">{formatSize(sizes.totalBytes)}</td>
            <td className="hidden sm:table-cell" />
          </tr>
        </tbody>
      </table>
      <p className="flex items-center gap-2 text-xs text-muted">
        {t`Measured ${formatDateTime(sizes.computedAt)}`}
        {reply.measuring && <Spinner label={t`Measuring again`} />}
      </p>
    </div>
  );
}
