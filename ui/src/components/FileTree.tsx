import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from './ui/Spinner.tsx';
import { cn } from './ui/cn.ts';
import { formatDateTime } from '../lib/format.ts';
import { formatSize, type FileNode } from '../lib/files.ts';

/**
 * A file tree loaded one level at a time (`load(path)` answers the nodes of one folder), so a big tree costs only
 * what is opened. Folders toggle; a file opens. `reloadKey` changing reloads the top and every open folder. With
 * `pageSize`, `load(path, offset)` answers a page of a folder and "Show more" asks for the next one.
 */
export function FileTree({
  label,
  load,
  selected,
  onOpen,
  onFolder,
  reveal,
  reloadKey,
  meta = false,
  describe,
  pageSize,
}: {
  label: string;
  load: (path: string, offset: number) => Promise<FileNode[]>;
  /** The key of the open file or chosen folder. */
  selected: string | null;
  onOpen: (node: FileNode) => void;
  onFolder?: (node: FileNode) => void;
  /** A file key whose folders should be open ('a/b/c.js' opens 'a' and 'a/b'). */
  reveal?: string | null;
  reloadKey?: unknown;
  /**
   * Show each name whole (wrapped, a folder's `label` first with its own name under it) and each file's size and
   * time; the logs tree.
   */
  meta?: boolean;
  /** More about a node, after its size and time (the logs tree: how the run ended). */
  describe?: (node: FileNode) => ReactNode;
  /** How many nodes `load` answers at most; a full page means there may be more. */
  pageSize?: number;
}) {
  const { t } = useLingui();
  const [levels, setLevels] = useState<Map<string, FileNode[]>>(new Map());
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  /** Folders whose last page was full: there may be more to show. */
  const [partial, setPartial] = useState<Set<string>>(new Set());

  const fetchLevel = useCallback(
    (path: string, after: FileNode[] = []) =>
      load(path, after.length).then(
        (page) => {
          // A log written meanwhile shifts the pages by one: a node already shown is not shown twice.
          const shown = new Set(after.map((n) => n.key));
          const nodes = [...after, ...page.filter((n) => !shown.has(n.key))];
          setLevels((current) => new Map(current).set(path, nodes));
          setPartial((current) => {
            const next = new Set(current);
            if (pageSize && page.length >= pageSize) next.add(path);
            else next.delete(path);
            return next;
          });
          setError(null);
        },
        (failure: Error) => setError(failure.message),
      ),
    [load, pageSize],
  );

  useEffect(() => {
    void fetchLevel('');
    setOpen((current) => {
      for (const path of current) void fetchLevel(path);
      return current;
    });
  }, [fetchLevel, reloadKey]);

  useEffect(() => {
    if (!reveal) return;
    const parts = reveal.split('/').slice(0, -1);
    const wanted = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    setOpen((current) => {
      const next = new Set(current);
      for (const path of wanted) {
        if (!next.has(path)) void fetchLevel(path);
        next.add(path);
      }
      return next;
    });
  }, [reveal, fetchLevel]);

  const toggle = (node: FileNode) => {
    onFolder?.(node);
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(node.key)) next.delete(node.key);
      else {
        next.add(node.key);
        void fetchLevel(node.key);
      }
      return next;
    });
  };

  const renderLevel = (path: string, depth: number) => {
    const nodes = levels.get(path);
    if (!nodes) return <Spinner className="my-1 ml-6 size-3.5" label={t`Loading`} />;
    if (nodes.length === 0)
      return <p className="py-1 text-xs text-faint" style={{ paddingLeft: 12 + depth * 14 }}>{t`Empty folder`}</p>;
    return (
      <ul className="flex flex-col">
        {nodes.map((node) => {
          const folder = node.type === 'directory';
          const expanded = folder && open.has(node.key);
          return (
            <li key={node.key}>
              <button
                type="button"
                onClick={() => (folder ? toggle(node) : onOpen(node))}
                aria-expanded={folder ? expanded : undefined}
                aria-current={selected === node.key ? 'true' : undefined}
                title={node.key}
                className={cn(
                  'flex w-full items-center gap-1.5 rounded px-2 py-1 text-left text-[13px] hover:bg-hover',
                  selected === node.key && 'bg-primary-soft text-primary-text',
                )}
                style={{ paddingLeft: 8 + depth * 14 }}
              >
                <span aria-hidden="true" className="w-3 shrink-0 text-center text-faint">
                  {folder ? (expanded ? '▾' : '▸') : ''}
                </span>
                <NodeIcon folder={folder} />
                {meta ? (
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="break-all">{node.label ?? node.title}</span>
                    <span className="flex flex-wrap items-center gap-x-2 text-[11px] text-faint tabular-nums">
                      {folder ? (
                        node.label && <span className="font-mono break-all">{node.title}</span>
                      ) : (
                        <span>
                          {formatSize(node.size)} · {formatDateTime(node.mtime)}
                        </span>
                      )}
                      {describe?.(node)}
                    </span>
                  </span>
                ) : (
                  <span className="min-w-0 flex-1 truncate">{node.title}</span>
                )}
              </button>
              {expanded && renderLevel(node.key, depth + 1)}
            </li>
          );
        })}
        {partial.has(path) && (
          <li>
            <button
              type="button"
              onClick={() => void fetchLevel(path, nodes)}
              className="w-full rounded px-2 py-1 text-left text-[13px] text-primary-text hover:bg-hover"
              style={{ paddingLeft: 26 + depth * 14 }}
            >
              {t`Show more`}
            </button>
          </li>
        )}
      </ul>
    );
  };

  return (
    <nav aria-label={label} className="min-h-0 overflow-auto p-1">
      {error && <p className="p-2 text-xs text-danger-text">{error}</p>}
      {renderLevel('', 0)}
    </nav>
  );
}

/** A small folder or file outline (no emoji: not every system has an emoji font). */
function NodeIcon({ folder }: { folder: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn('size-4 shrink-0', folder ? 'text-status-queued' : 'text-faint')}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {folder ? (
        <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2.5h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z" />
      ) : (
        <path d="M6 3h8l4 4v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM14 3v4h4" />
      )}
    </svg>
  );
}
