import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Alert } from '../components/ui/Alert.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { Select, type SelectOption } from '../components/ui/Select.tsx';
import { narrowQuery, useMediaQuery } from '../lib/media.ts';
import { Spinner } from '../components/ui/Spinner.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { listConfigFiles, listConfigSamples, readConfig, saveConfig } from '../features/config/api.ts';
import type { FileNode } from '../lib/files.ts';
import { splitKey } from '../lib/files.ts';
import { useSaveShortcut, useUnsavedGuard } from '../components/code/useUnsavedGuard.tsx';
import { readScript, saveScript } from '../features/scripts/api.ts';
import { api } from '../lib/api.ts';
import { lazyPage } from '../lib/lazy.ts';

const MergeEditor = lazyPage(() => import('../features/diff/MergeEditor.tsx'));

/** A file to compare: `config:<name>`, `sample:<name>` or `script:<dir/name>`. */
type Source = string;

interface Loaded {
  source: Source;
  saved: string;
  text: string;
}

const kindOf = (source: Source) => source.slice(0, source.indexOf(':'));
const nameOf = (source: Source) => source.slice(source.indexOf(':') + 1);
/** What the user calls the file: its path, a sample by its own name. */
const shownName = (source: Source) => nameOf(source).replace(/^sample\//, '');

function read(source: Source): Promise<string> {
  const name = nameOf(source);
  if (kindOf(source) === 'script') {
    const { path, file } = splitKey(name);
    return readScript(path, file);
  }
  return readConfig(name);
}
function write(source: Source, content: string): Promise<null> {
  const name = nameOf(source);
  if (kindOf(source) === 'script') {
    const { path, file } = splitKey(name);
    return saveScript(path, file, content);
  }
  return saveConfig(name, content);
}
function flatten(nodes: FileNode[]): string[] {
  return nodes.flatMap((n) => (n.type === 'file' ? [n.key] : flatten((n.children as FileNode[] | undefined) ?? [])));
}

/**
 * /diff: two files of config or scripts side by side (by default config.sh and its sample) in CodeMirror's merge
 * view; arrows copy a change from the right into the left; the left side (or an editable right side) saves.
 */
export default function DiffPage() {
  const { t } = useLingui();
  const [options, setOptions] = useState<SelectOption[]>([]);
  const stacked = useMediaQuery(narrowQuery);
  const [leftSource, setLeftSource] = useState<Source>('config:config.sh');
  const [rightSource, setRightSource] = useState<Source>('sample:sample/config.sample.sh');
  const [left, setLeft] = useState<Loaded | null>(null);
  const [right, setRight] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const leftDirty = !!left && left.text !== left.saved;
  const rightDirty = !!right && right.text !== right.saved;
  const rightEditable = kindOf(rightSource) !== 'sample';
  const { confirmLeave, dialog } = useUnsavedGuard(
    leftDirty || rightDirty,
    [leftDirty && shownName(leftSource), rightDirty && shownName(rightSource)].filter(Boolean).join(', '),
  );

  useEffect(() => {
    Promise.all([
      listConfigFiles(),
      listConfigSamples(),
      api.get<FileNode[]>('scripts').catch(() => [] as FileNode[]),
    ]).then(
      ([configs, samples, scripts]) =>
        setOptions([
          ...configs.map((c) => ({ value: `config:${c.value}`, label: c.title, group: t`Configuration files` })),
          // A sample is read as `sample/<its file name>`; its `value` is the config file it seeds.
          ...samples.map((s) => ({ value: `sample:sample/${s.title}`, label: s.title, group: t`Samples` })),
          ...flatten(scripts).map((key) => ({ value: `script:${key}`, label: key, group: t`Scripts` })),
        ]),
      (failure: Error) => setError(failure.message),
    );
  }, [t]);

  useEffect(() => {
    let cancelled = false;
    setError(null);
    Promise.all([read(leftSource), read(rightSource)]).then(
      ([a, b]) => {
        if (cancelled) return;
        setLeft({ source: leftSource, saved: a, text: a });
        setRight({ source: rightSource, saved: b, text: b });
      },
      (failure: Error) => !cancelled && setError(failure.message),
    );
    return () => {
      cancelled = true;
    };
  }, [leftSource, rightSource]);

  const save = async () => {
    if (saving) return;
    const jobs: [Loaded, (l: Loaded) => void][] = [];
    if (left && leftDirty) jobs.push([left, setLeft]);
    if (right && rightDirty && rightEditable) jobs.push([right, setRight]);
    if (jobs.length === 0) return;
    setSaving(true);
    try {
      for (const [side, set] of jobs) {
        await write(side.source, side.text);
        set({ ...side, saved: side.text });
        toast(t`Saved ${shownName(side.source)}`);
      }
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save());

  const choose = (side: 'left' | 'right', value: string) =>
    confirmLeave(() => {
      setLeft(null);
      setRight(null);
      (side === 'left' ? setLeftSource : setRightSource)(value);
    });

  const withCurrent = (value: string) =>
    options.some((o) => o.value === value) ? options : [{ value, label: shownName(value) }, ...options];
  const ready = left && right && left.source === leftSource && right.source === rightSource;
  const docKey = `${leftSource}|${rightSource}`;
  const sides = useMemo(
    () =>
      ready
        ? {
            left: {
              name: nameOf(leftSource),
              label: t`Left: ${shownName(leftSource)}`,
              text: left.text,
              readOnly: false,
            },
            right: {
              name: nameOf(rightSource),
              label: t`Right: ${shownName(rightSource)}`,
              text: right.text,
              readOnly: !rightEditable,
            },
          }
        : null,
    // The merge view holds the texts itself once built; only a new pair of files rebuilds it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ready, docKey, rightEditable, t],
  );

  return (
    <Card className="flex h-[calc(100dvh-120px)] min-h-[420px] flex-col overflow-hidden">
      <div data-toast-floor className="grid grid-cols-1 gap-2 border-b border-line p-2 md:grid-cols-[1fr_1fr_auto]">
        <label className="flex min-w-0 items-center gap-2 text-xs text-muted">
          <span className="shrink-0">{t`Left`}</span>
          <Select
            className="min-w-0 flex-1 font-mono"
            value={leftSource}
            onChange={(e) => choose('left', e.target.value)}
            options={withCurrent(leftSource).filter((o) => kindOf(o.value) !== 'sample')}
          />
          {leftDirty && <span className="text-status-queued">{t`Unsaved`}</span>}
        </label>
        <label className="flex min-w-0 items-center gap-2 text-xs text-muted">
          <span className="shrink-0">{t`Right`}</span>
          <Select
            className="min-w-0 flex-1 font-mono"
            value={rightSource}
            onChange={(e) => choose('right', e.target.value)}
            options={withCurrent(rightSource)}
          />
          {rightDirty && <span className="text-status-queued">{t`Unsaved`}</span>}
        </label>
        <Button variant="primary" onClick={() => void save()} loading={saving} disabled={!leftDirty && !rightDirty}>
          {t`Save`}
        </Button>
      </div>
      <p className="border-b border-line px-3 py-1.5 text-xs text-muted">
        {stacked
          ? t`Changes are marked in both files; unchanged stretches are folded (tap one to open it). Edit the left side and Save (or mod+s).`
          : rightEditable
            ? t`The arrows copy a change from the right into the left. Edit either side; Save (or mod+s) writes the changed sides.`
            : t`The arrows copy a change from the sample into the left. Samples are read-only; Save (or mod+s) writes the left side.`}
      </p>
      {error && (
        <div className="p-3">
          <Alert>{error}</Alert>
        </div>
      )}
      {sides ? (
        <Suspense
          fallback={
            <div className="flex flex-1 items-center justify-center">
              <Spinner label={t`Loading the editor`} />
            </div>
          }
        >
          <MergeEditor
            docKey={docKey}
            stacked={stacked}
            left={sides.left}
            right={sides.right}
            onChange={(side, text) =>
              (side === 'left' ? setLeft : setRight)((current) => (current ? { ...current, text } : current))
            }
            onSave={() => void save()}
          />
        </Suspense>
      ) : (
        !error && (
          <div className="flex flex-1 items-center justify-center">
            <Spinner label={t`Loading`} />
          </div>
        )
      )}
      {dialog}
    </Card>
  );
}
