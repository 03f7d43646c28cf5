import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert } from '../components/ui/Alert.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { Select } from '../components/ui/Select.tsx';
import { Spinner } from '../components/ui/Spinner.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { listConfigFiles, readConfig, saveConfig, type ConfigOption } from '../features/config/api.ts';
import { useSaveShortcut, useUnsavedGuard } from '../components/code/useUnsavedGuard.tsx';
import { lazyPage } from '../lib/lazy.ts';

const CodeEditor = lazyPage(() => import('../components/code/CodeEditor.tsx'));

/** /config: the editable files of data/config (config.sh first), edited in place; save with the button or mod+s. */
export default function ConfigPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const wanted = new URLSearchParams(useSearch()).get('file');
  const [files, setFiles] = useState<ConfigOption[]>([]);
  const [name, setName] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textRef = useRef(text);
  textRef.current = text;
  const dirty = name !== null && text !== saved;
  const { confirmLeave, dialog } = useUnsavedGuard(dirty, name ?? '');

  useEffect(() => {
    listConfigFiles().then(
      (list) => {
        setFiles(list);
        if (list.length === 0) setLoading(false);
      },
      (failure: Error) => {
        setError(failure.message);
        setLoading(false);
      },
    );
  }, []);

  const current = name;
  useEffect(() => {
    if (files.length === 0) return;
    const next = files.find((f) => f.value === wanted)?.value ?? current ?? files[0]!.value;
    if (next === current) return;
    setLoading(true);
    setError(null);
    readConfig(next).then(
      (content) => {
        setName(next);
        setSaved(content);
        setText(content);
        setLoading(false);
      },
      (failure: Error) => {
        setError(failure.message);
        setLoading(false);
      },
    );
  }, [files, wanted, current]);

  const save = async () => {
    if (!name || saving) return;
    const content = textRef.current;
    setSaving(true);
    try {
      await saveConfig(name, content);
      setSaved(content);
      toast(t`Saved ${name}`);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save());

  const choose = (value: string) => {
    if (value === name) return;
    confirmLeave(() => {
      setName(null);
      navigate(`/config?file=${encodeURIComponent(value)}`);
    });
  };

  return (
    <Card className="flex h-[calc(100dvh-120px)] min-h-[420px] flex-col overflow-hidden">
      <div data-toast-floor className="flex flex-wrap items-center gap-2 border-b border-line p-2">
        <label className="sr-only" htmlFor="config-file">
          {t`Configuration file`}
        </label>
        <div className="w-64 max-w-full">
          <Select
            id="config-file"
            className="font-mono"
            value={name ?? ''}
            onChange={(e) => choose(e.target.value)}
            options={files.map((f) => ({ value: f.value, label: f.title }))}
          />
        </div>
        {dirty && (
          <span className="text-xs text-status-queued" data-testid="unsaved">
            {t`Unsaved`}
          </span>
        )}
        <span className="flex-1" />
        <Button size="sm" onClick={() => navigate('/diff')}>
          {t`Compare with sample`}
        </Button>
        <Button size="sm" variant="primary" onClick={() => void save()} loading={saving} disabled={!dirty}>
          {t`Save`}
        </Button>
      </div>
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
      {!loading && name && (
        <Suspense
          fallback={
            <div className="flex flex-1 items-center justify-center">
              <Spinner label={t`Loading the editor`} />
            </div>
          }
        >
          <CodeEditor
            className="flex-1"
            value={text}
            filename={name}
            onChange={setText}
            onSave={() => void save()}
            label={t`Contents of ${name}`}
          />
        </Suspense>
      )}
      <p className="border-t border-line px-3 py-1.5 text-xs text-muted">
        {t`config.sh is read by every run: a saved change applies from the next run.`}
      </p>
      {dialog}
    </Card>
  );
}
