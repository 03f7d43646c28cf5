import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { splitKey } from '../../lib/files.ts';
import { downloadScript } from './api.ts';

/** The bar above the open script: its path (and whether it is saved), save, debug and the file's other actions. */
export function ScriptToolbar({
  fileKey,
  dirty,
  saving,
  debugOpen,
  onSave,
  onShowTree,
  onDelete,
}: {
  /** The open file, relative to data/scripts. */
  fileKey: string;
  dirty: boolean;
  saving: boolean;
  debugOpen: boolean;
  onSave: () => void;
  /** Back to the tree at phone width. */
  onShowTree: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const file = encodeURIComponent(fileKey);
  return (
    <div data-toast-floor className="flex flex-wrap items-center gap-1.5 border-b border-line p-2">
      <Button size="sm" variant="ghost" className="md:hidden" onClick={onShowTree}>
        {t`Files`}
      </Button>
      <h2
        className="min-w-0 flex-1 truncate font-mono text-[13px] max-md:order-first max-md:basis-full"
        title={fileKey}
      >
        {fileKey}
        {dirty && (
          <span className="ml-2 font-sans text-xs text-status-queued" data-testid="unsaved">
            {t`Unsaved`}
          </span>
        )}
      </h2>
      <Button size="sm" variant="primary" onClick={onSave} loading={saving} disabled={!dirty}>
        {t`Save`}
      </Button>
      <Button size="sm" onClick={() => navigate(`/script/editModal?file=${file}`)} disabled={debugOpen}>
        {t`Debug`}
      </Button>
      <Button size="sm" onClick={() => navigate(`/script/saveModal?file=${file}`)}>
        {t`Save as`}
      </Button>
      <Button size="sm" onClick={() => navigate(`/script/setting?file=${file}`)}>
        {t`Editor settings`}
      </Button>
      <Button size="sm" onClick={() => navigate(`/script/renameModal?file=${file}`)}>
        {t`Rename`}
      </Button>
      <Button
        size="sm"
        onClick={() => {
          const { path, file: name } = splitKey(fileKey);
          downloadScript(path, name).catch((failure: Error) => toast(failure.message, 'error'));
        }}
      >
        {t`Download`}
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete}>
        {t`Delete`}
      </Button>
    </div>
  );
}
