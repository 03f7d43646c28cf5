import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { ConfirmDialog } from '../components/ui/ConfirmDialog.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import { cn } from '../components/ui/cn.ts';
import { toast } from '../components/ui/toast-store.ts';
import { FileTree } from '../components/FileTree.tsx';
import { splitKey } from '../lib/files.ts';
import { downloadLog, listLogs, logPageSize, logsResource, removeLog } from '../features/logs/api.ts';
import { onChange } from '../lib/changes.ts';
import { LogSearchResults } from '../features/logs/LogSearchResults.tsx';
import { LogView } from '../features/logs/LogView.tsx';
import { RunNote } from '../features/logs/RunNote.tsx';
import { SearchBox } from '../components/list/SearchBox.tsx';

/**
 * /log: the tree of data/log (newest first, each file's size and time) and one log opened from its end, live while
 * it is written; delete and download. Folders show their task's name, logs how their run ended. `?file=dir/name.log`
 * opens that log; `?q=text` searches every log (or the chosen folder) on the server, matches marked.
 */
export default function LogsPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const key = params.get('file');
  const query = params.get('q') ?? '';
  /** The page's address with these parts of its query changed (the search and the open log live in the URL). */
  const to = (changes: { file?: string | null; q?: string | null }) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const text = next.toString();
    return text ? `/log?${text}` : '/log';
  };
  const [folder, setFolder] = useState<string | null>(null);
  /** The chosen folder's task name, shown in place of the folder's own name. */
  const [folderLabel, setFolderLabel] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ key: string; type: 'file' | 'directory' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [showTree, setShowTree] = useState(!key);
  const open = key ? splitKey(key) : null;
  // A log deleted (here or anywhere the UI deletes one) reads the tree again.
  useEffect(() => onChange(logsResource, () => setReloadKey((n) => n + 1)), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    const { path, file } = splitKey(deleting.key);
    setBusy(true);
    try {
      await removeLog(path, file, deleting.type);
      toast(t`Deleted ${file}`);
      if (key && (key === deleting.key || key.startsWith(deleting.key + '/'))) navigate(to({ file: null }));
      if (folder === deleting.key) {
        setFolder(null);
        setFolderLabel(null);
      }
      setDeleting(null);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex h-[calc(100dvh-120px)] min-h-[420px] flex-col gap-3 md:flex-row">
      <Card className={cn('flex min-h-0 flex-col md:w-96 md:shrink-0', !showTree && key && 'max-md:hidden')}>
        <div className="flex items-center gap-1.5 border-b border-line p-2">
          <span className="min-w-0 flex-1 truncate px-1 text-xs text-muted">
            {folder ? (
              <>
                {t`Folder:`}{' '}
                <span className={folderLabel ? 'text-fg' : 'font-mono text-fg'} title={folder}>
                  {folderLabel ?? folder}
                </span>
              </>
            ) : (
              t`Newest first`
            )}
          </span>
          {folder && (
            <Button size="sm" variant="danger" onClick={() => setDeleting({ key: folder, type: 'directory' })}>
              {t`Delete folder`}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setReloadKey((n) => n + 1)}>
            {t`Refresh`}
          </Button>
        </div>
        <div className="border-b border-line p-2">
          <SearchBox
            label={folder ? t`Search the logs in ${folder}` : t`Search all logs`}
            placeholder={folder ? t`Search in this folder` : t`Search all logs`}
            value={query}
            onSearch={(text) => navigate(to({ q: text.trim() || null }), { replace: !!query })}
          />
        </div>
        {query ? (
          <LogSearchResults
            query={query}
            folder={folder ?? ''}
            selected={key}
            onOpen={(file) => {
              setShowTree(false);
              navigate(to({ file }));
            }}
          />
        ) : (
          <FileTree
            label={t`Log files`}
            load={listLogs}
            pageSize={logPageSize}
            selected={key ?? folder}
            onOpen={(node) => {
              setShowTree(false);
              navigate(to({ file: node.key }));
            }}
            onFolder={(node) => {
              const leaving = folder === node.key;
              setFolder(leaving ? null : node.key);
              setFolderLabel(leaving ? null : (node.label ?? null));
            }}
            reveal={key}
            reloadKey={reloadKey}
            meta
            describe={(node) => node.run && <RunNote run={node.run} />}
          />
        )}
      </Card>
      <Card
        className={cn('flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden', (showTree || !key) && 'max-md:hidden')}
      >
        {open && key ? (
          <>
            <div className="flex flex-wrap items-center gap-1.5 border-b border-line p-2">
              <Button size="sm" variant="ghost" className="md:hidden" onClick={() => setShowTree(true)}>
                {t`Files`}
              </Button>
              <h2
                className="min-w-0 flex-1 font-mono text-[13px] break-all max-md:order-first max-md:basis-full"
                title={key}
              >
                {key}
              </h2>
              <Button
                size="sm"
                onClick={() => downloadLog(open.path, open.file).catch((e: Error) => toast(e.message, 'error'))}
              >
                {t`Download`}
              </Button>
              <Button size="sm" variant="danger" onClick={() => setDeleting({ key, type: 'file' })}>
                {t`Delete`}
              </Button>
            </div>
            <LogView key={`${key}:${reloadKey}`} path={open.path} file={open.file} />
          </>
        ) : (
          <EmptyState
            title={t`Open a log`}
            description={t`Every run of a task writes a log here, in a folder per task. Choose one in the tree.`}
          />
        )}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(value) => !value && setDeleting(null)}
        title={deleting?.type === 'directory' ? t`Delete this log folder?` : t`Delete this log?`}
        description={
          deleting?.type === 'directory'
            ? t`${deleting.key} and every log in it will be deleted for good.`
            : t`${deleting?.key ?? ''} will be deleted for good.`
        }
        confirmLabel={t`Delete`}
        onConfirm={() => void confirmDelete()}
        busy={busy}
      />
    </div>
  );
}
