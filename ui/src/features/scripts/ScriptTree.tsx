import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type ChangeEvent } from 'react';
import { useLocation } from 'wouter';
import { FileTree } from '../../components/FileTree.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { cn } from '../../components/ui/cn.ts';
import { toast } from '../../components/ui/toast-store.ts';
import type { FileNode } from '../../lib/files.ts';
import { listScripts, uploadScript } from './api.ts';

/**
 * The scripts page's tree: create, upload and refresh at the top, the chosen folder (where new and uploaded files
 * go) with its rename and delete, then the tree of data/scripts.
 */
export function ScriptTree({
  folder,
  onFolder,
  selected,
  reveal,
  reloadKey,
  onReload,
  onOpen,
  onDeleteFolder,
  hidden,
}: {
  /** The chosen folder, relative to data/scripts ('' for the top). */
  folder: string;
  onFolder: (node: FileNode) => void;
  selected: string;
  /** A file whose folders are opened. */
  reveal: string | null;
  reloadKey: number;
  onReload: () => void;
  onOpen: (node: FileNode) => void;
  onDeleteFolder: () => void;
  /** Hidden at phone width while a file is open. */
  hidden: boolean;
}) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderLabel = folder ? `scripts/${folder}` : 'scripts';
  const q = encodeURIComponent;

  const onUpload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      await uploadScript(folder, file);
      toast(t`Uploaded ${file.name}`);
      onReload();
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card className={cn('flex min-h-0 flex-col md:w-72 md:shrink-0', hidden && 'max-md:hidden')}>
      <div className="flex flex-wrap items-center gap-1.5 border-b border-line p-2">
        <Button size="sm" variant="primary" onClick={() => navigate(`/script/editNameModal?path=${q(folder)}`)}>
          {t`New`}
        </Button>
        <input ref={fileInput} type="file" className="hidden" aria-label={t`Script to upload`} onChange={onUpload} />
        <Button size="sm" onClick={() => fileInput.current?.click()} loading={uploading}>
          {t`Upload`}
        </Button>
        <Button size="sm" variant="ghost" onClick={onReload}>
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
            <Button size="sm" variant="link" className="h-auto px-0 text-danger-text" onClick={onDeleteFolder}>
              {t`Delete folder`}
            </Button>
          </>
        )}
      </div>
      <FileTree
        label={t`Script files`}
        load={listScripts}
        selected={selected}
        onOpen={onOpen}
        onFolder={onFolder}
        reveal={reveal}
        reloadKey={reloadKey}
      />
    </Card>
  );
}
