import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formatSize } from '../../../lib/files.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { LogFile } from '../api.ts';
import { logPageSize } from '../../logs/index.ts';

/**
 * The newest files in the task's log folder, each linking to the log screen; a full page links to the logs page for
 * the rest.
 */
export function LogFiles({ files }: { files: LogFile[] }) {
  const { t } = useLingui();
  if (files.length === 0) return <p className="px-5 py-4 text-[13px] text-muted">{t`No log files yet.`}</p>;
  const newest = `${files[0]!.directory}/${files[0]!.filename}`;
  return (
    <>
      {files.length >= logPageSize && (
        <p className="px-5 pt-2 text-[13px] text-muted">
          {t`The newest ${logPageSize} logs.`}{' '}
          <Link href={`/log?file=${encodeURIComponent(newest)}`} className="text-primary-text hover:underline">
            {t`All logs of this task`}
          </Link>
        </p>
      )}
      <ul aria-label={t`Log files`} className="flex max-h-72 flex-col divide-y divide-line overflow-y-auto">
        {files.map((file) => {
          const path = `${file.directory}/${file.filename}`;
          return (
            <li key={path} className="flex flex-wrap items-center gap-x-3 px-5 py-1.5 text-[13px]">
              <Link
                href={`/log?file=${encodeURIComponent(path)}`}
                className="font-mono text-primary-text hover:underline"
              >
                {file.filename}
              </Link>
              <span className="text-muted tabular-nums" title={t`Last written`}>
                {formatDateTime(file.time)}
              </span>
              <span className="ml-auto text-muted tabular-nums">{formatSize(file.size)}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
