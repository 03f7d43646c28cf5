import { useLingui } from '@lingui/react/macro';
import { Suspense, useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert } from '../components/ui/Alert.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { ConfirmDialog } from '../components/ui/ConfirmDialog.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import { Spinner } from '../components/ui/Spinner.tsx';
import { cn } from '../components/ui/cn.ts';
import { toast } from '../components/ui/toast-store.ts';
import { FileTree } from '../components/FileTree.tsx';
import { splitKey, type FileNode } from '../lib/files.ts';
import { useSaveShortcut, useUnsavedGuard } from '../components/code/useUnsavedGuard.tsx';
import {
  downloadScript,
  listScripts,
  onScriptsChanged,
  openBuffer,
  readScript,
  removeScript,
  saveScript,
  uploadScript,
} from '../features/scripts/api.ts';
import { DebugPanel } from '../features/scripts/DebugPanel.tsx';
import { lazyPage } from '../lib/lazy.ts';

const CodeEditor = lazyPage(() => import('../components/code/CodeEditor.tsx'));

interface OpenFile {
  key: string;
  saved: string;
}

/**
 * /script: the tree of data/scripts (one level at a time), a CodeMirror editor with save (mod+s), a debug run beside
 * it (script/editModal), and create, upload, rename, download and delete. `?file=dir/name.js` opens that file.
 * At phone width the tree is a list and the open file takes the whole width.
 */
export default function ScriptsPage() {
  const { t } = useLingui();
  const [location, navigate] = useLocation();
  const fileParam = new URLSearchParams(useSearch()).get('file');
  const [open, setOpen] = useState<OpenFile | null>(null);
  const [text, setText] = useState('');
  const [folder, setFolder] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [deleting, setDeleting] = useState<{ key: string; type: 'file' | 'directory' } | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [showTree, setShowTree] = useState(true);
  const fileInput = useRef<HTMLInputElement>(null);
  const textRef = useRef(text);
  textRef.current = text;
  const dirty = open !== null && text !== open.saved;
  const debugOpen = location === '/script/editModal';
  const { confirmLeave, dialog } = useUnsavedGuard(dirty, open ? splitKey(open.key).file : '');

  useEffect(() => {
    openBuffer.key = open?.key ?? null;
    openBuffer.content = text;
  }, [open, text]);

  const load = useCallback((key: string) => {
    const { path, file } = splitKey(key);
    setLoading(true);
    setError(null);
    setShowTree(false);
    setFolder(path);
    readScript(path, file).then(
      (content) => {
        setOpen({ key, saved: content });
        setText(content);
        setLoading(false);
      },
      (failure: Error) => {
        setOpen(null);
        setError(failure.message);
        setLoading(false);
      },
    );
  }, []);

  // ?file=… opens a file (the task detail page links here); the same file is not reloaded.
  const openKey = open?.key;
  useEffect(() => {
    if (fileParam && fileParam !== openKey) load(fileParam);
    // Only a new ?file= opens a file; the open file changing is not a reason to reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileParam, load]);

  useEffect(
    () =>
      onScriptsChanged((change) => {
        setReloadKey((n) => n + 1);
        if (change.kind === 'renamed')
          setOpen((current) => {
            if (!current) return current;
            if (current.key === change.from) return { ...current, key: change.to };
            if (current.key.startsWith(change.from + '/'))
              return { ...current, key: change.to + current.key.slice(change.from.length) };
            return current;
          });
      }),
    [],
  );

  const openNode = (node: FileNode) => {
    if (node.key === open?.key) {
      setShowTree(false);
      return;
    }
    confirmLeave(() => {
      setOpen(null);
      navigate(`/script?file=${encodeURIComponent(node.key)}`);
    });
  };

  const save = async () => {
    if (!open || saving) return;
    const { path, file } = splitKey(open.key);
    const content = textRef.current;
    setSaving(true);
    try {
      await saveScript(path, file, content);
      setOpen((current) => (current && current.key === open.key ? { ...current, saved: content } : current));
      toast(t`Saved ${file}`);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save());

  const onUpload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      await uploadScript(folder, file);
      toast(t`Uploaded ${file.name}`);
      setReloadKey((n) => n + 1);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setUploading(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { path, file } = splitKey(deleting.key);
    setBusyDelete(true);
    try {
      await removeScript(path, file, deleting.type);
      toast(t`Deleted ${file}`);
      if (open && (open.key === deleting.key || open.key.startsWith(deleting.key + '/'))) {
        setOpen(null);
        setText('');
        navigate('/script');
      }
      if (folder === deleting.key || folder.startsWith(deleting.key + '/')) setFolder(path);
      setDeleting(null);
      setReloadKey((n) => n + 1);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setBusyDelete(false);
    }
  };

  const q = (key: string) => encodeURIComponent(key);
  const openName = open ? splitKey(open.key).file : '';
  const folderLabel = folder ? `scripts/${folder}` : 'scripts';

  const tree = (
    <Card className={cn('flex min-h-0 flex-col md:w-72 md:shrink-0', !showTree && open && 'max-md:hidden')}>
      <div className="flex flex-wrap items-center gap-1.5 border-b border-line p-2">
        <Button size="sm" variant="primary" onClick={() => navigate(`/script/editNameModal?path=${q(folder)}`)}>
          {t`New`}
        </Button>
        <input ref={fileInput} type="file" className="hidden" aria-label={t`Script to upload`} onChange={onUpload} />
        <Button size="sm" onClick={() => fileInput.current?.click()} loading={uploading}>
          {t`Upload`}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setReloadKey((n) => n + 1)}>
          {t`Refresh`}
        </Button>
      </div>
      <div className="flex items-center gap-2 border-b border-line px-3 py-1.5 text-xs text-muted">
        <span className="min-w-0 flex-1 truncate" title={folderLabel}>
          {t`Folder:`} <span className="font-mono text-fg">{folderLabel}</span>
        </span>
        {folder && (
          <>
            <Button
              size="sm"
              variant="link"
              className="h-auto px-0"
              onClick={() => navigate(`/script/renameModal?file=${q(folder)}&type=directory`)}
            >
              {t`Rename folder`}
            </Button>
            <Button
              size="sm"
              variant="link"
              className="h-auto px-0 text-danger-text"
              onClick={() => setDeleting({ key: folder, type: 'directory' })}
            >
              {t`Delete folder`}
            </Button>
          </>
        )}
      </div>
      <FileTree
        label={t`Script files`}
        load={listScripts}
        selected={open?.key ?? folder}
        onOpen={openNode}
        onFolder={(node) => setFolder((current) => (current === node.key ? node.parent : node.key))}
        reveal={open?.key ?? fileParam}
        reloadKey={reloadKey}
      />
    </Card>
  );

  const toolbar = open && (
    <div className="flex flex-wrap items-center gap-1.5 border-b border-line p-2">
      <Button size="sm" variant="ghost" className="md:hidden" onClick={() => setShowTree(true)}>
        {t`Files`}
      </Button>
      <h2
        className="min-w-0 flex-1 truncate font-mono text-[13px] max-md:order-first max-md:basis-full"
        title={open.key}
      >
        {open.key}
        {dirty && (
          <span className="ml-2 font-sans text-xs text-status-queued" data-testid="unsaved">
            {t`Unsaved`}
          </span>
        )}
      </h2>
      <Button size="sm" variant="primary" onClick={() => void save()} loading={saving} disabled={!dirty}>
        {t`Save`}
      </Button>
      <Button size="sm" onClick={() => navigate(`/script/editModal?file=${q(open.key)}`)} disabled={debugOpen}>
        {t`Debug`}
      </Button>
      <Button size="sm" onClick={() => navigate(`/script/saveModal?file=${q(open.key)}`)}>
        {t`Save as`}
      </Button>
      <Button size="sm" onClick={() => navigate(`/script/setting?file=${q(open.key)}`)}>
        {t`Editor settings`}
      </Button>
      <Button size="sm" onClick={() => navigate(`/script/renameModal?file=${q(open.key)}`)}>
        {t`Rename`}
      </Button>
      <Button
        size="sm"
        onClick={() => {
          const { path, file } = splitKey(open.key);
          downloadScript(path, file).catch((failure: Error) => toast(failure.message, 'error'));
        }}
      >
        {t`Download`}
      </Button>
      <Button size="sm" variant="danger" onClick={() => setDeleting({ key: open.key, type: 'file' })}>
        {t`Delete`}
      </Button>
    </div>
  );

  return (
    <div className="flex h-[calc(100dvh-120px)] min-h-[420px] flex-col gap-3 md:flex-row">
      {tree}
      <Card
        className={cn(
          'flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden',
          showTree && open && 'max-md:hidden',
          !open && !loading && !error && 'max-md:hidden',
        )}
      >
        {toolbar}
        {error && (
          <div className="p-3">
            <Alert>{error}</Alert>
          </div>
        )}
        {loading && (
          <div className="flex flex-1 items-center justify-center">
            <Spinner label={t`Loading`} />
          </div>
        )}
        {!open && !loading && !error && (
          <EmptyState
            title={t`Open a script`}
            description={t`Choose a file in the tree to edit it, or create one with New. Scripts live in the scripts folder of the data directory.`}
          />
        )}
        {open && !loading && (
          <div className="flex min-h-0 flex-1 flex-col xl:flex-row">
            <Suspense
              fallback={
                <div className="flex flex-1 items-center justify-center">
                  <Spinner label={t`Loading the editor`} />
                </div>
              }
            >
              <CodeEditor
                className="min-h-[240px] flex-1"
                value={text}
                filename={open.key}
                onChange={setText}
                onSave={() => void save()}
                label={t`Contents of ${openName}`}
              />
            </Suspense>
            {debugOpen && (
              <div className="flex min-h-[280px] flex-col border-line max-xl:border-t xl:w-[42%] xl:border-l">
                <DebugPanel
                  path={splitKey(open.key).path}
                  file={openName}
                  content={() => textRef.current}
                  onClose={() => navigate(`/script?file=${q(open.key)}`)}
                />
              </div>
            )}
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(value) => !value && setDeleting(null)}
        title={deleting?.type === 'directory' ? t`Delete this folder?` : t`Delete this script?`}
        description={
          deleting?.type === 'directory'
            ? t`${deleting.key} and everything in it will be deleted. Deleted files are backed up in the data directory.`
            : t`${deleting?.key ?? ''} will be deleted. A backup is kept in the data directory.`
        }
        confirmLabel={t`Delete`}
        onConfirm={() => void confirmDelete()}
        busy={busyDelete}
      />
      {dialog}
    </div>
  );
}
