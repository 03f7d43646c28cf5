import { useLingui } from '@lingui/react/macro';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert } from '../components/ui/Alert.tsx';
import { Card } from '../components/ui/Card.tsx';
import { ConfirmDialog } from '../components/ui/ConfirmDialog.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import { Spinner } from '../components/ui/Spinner.tsx';
import { cn } from '../components/ui/cn.ts';
import { toast } from '../components/ui/toast-store.ts';
import { splitKey, type FileNode } from '../lib/files.ts';
import { useSaveShortcut, useUnsavedGuard } from '../components/code/useUnsavedGuard.tsx';
import {
  onScriptRenamed,
  openBuffer,
  readScript,
  removeScript,
  saveScript,
  scriptsResource,
} from '../features/scripts/api.ts';
import { onChange } from '../lib/changes.ts';
import { DebugPanel } from '../features/scripts/DebugPanel.tsx';
import { ScriptToolbar } from '../features/scripts/ScriptToolbar.tsx';
import { ScriptTree } from '../features/scripts/ScriptTree.tsx';
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
  const [showTree, setShowTree] = useState(true);
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

  // Any change to the scripts (a save, a create, a rename, a delete) reads the tree again.
  useEffect(() => onChange(scriptsResource, () => setReloadKey((n) => n + 1)), []);
  useEffect(
    () =>
      onScriptRenamed((change) =>
        setOpen((current) => {
          if (!current) return current;
          if (current.key === change.from) return { ...current, key: change.to };
          if (current.key.startsWith(change.from + '/'))
            return { ...current, key: change.to + current.key.slice(change.from.length) };
          return current;
        }),
      ),
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
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setBusyDelete(false);
    }
  };

  const openName = open ? splitKey(open.key).file : '';

  return (
    <div className="flex h-[calc(100dvh-120px)] min-h-[420px] flex-col gap-3 md:flex-row">
      <ScriptTree
        folder={folder}
        onFolder={(node) => setFolder((current) => (current === node.key ? node.parent : node.key))}
        selected={open?.key ?? folder}
        reveal={open?.key ?? fileParam}
        reloadKey={reloadKey}
        onReload={() => setReloadKey((n) => n + 1)}
        onOpen={openNode}
        onDeleteFolder={() => setDeleting({ key: folder, type: 'directory' })}
        hidden={!showTree && open !== null}
      />
      <Card
        className={cn(
          'flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden',
          showTree && open && 'max-md:hidden',
          !open && !loading && !error && 'max-md:hidden',
        )}
      >
        {open && (
          <ScriptToolbar
            fileKey={open.key}
            dirty={dirty}
            saving={saving}
            debugOpen={debugOpen}
            onSave={() => void save()}
            onShowTree={() => setShowTree(true)}
            onDelete={() => setDeleting({ key: open.key, type: 'file' })}
          />
        )}
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
                  onClose={() => navigate(`/script?file=${encodeURIComponent(open.key)}`)}
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
