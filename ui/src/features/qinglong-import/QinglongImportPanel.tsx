import type { ImportPreview, ImportResult, ImportRun } from '@contract/import-schemas.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { errorsFrom } from '../../lib/formRules.ts';
import { importApi } from './api.ts';
import { ImportReport } from './ImportReport.tsx';
import { TextField } from '../../components/TextField.tsx';

const pollMs = 1000;

/**
 * Moving in from Qinglong: the folder of Qinglong's data (on the machine Baihu runs on), a dry run that shows what
 * comes and what does not and why, then the import itself (a job), ending with the same report.
 */
export function QinglongImportPanel({
  onImported,
  extraActions,
}: {
  onImported?: (result: ImportResult) => void;
  extraActions?: ReactNode;
}) {
  const { t } = useLingui();
  const [dir, setDir] = useState('');
  const [replaceAccount, setReplaceAccount] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [secrets, setSecrets] = useState<ImportRun['secrets']>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);

  const fail = (failure: unknown) => {
    const { fields, form } = errorsFrom(failure);
    setError(form ?? Object.values(fields)[0] ?? String(failure));
  };

  const runPreview = async (event: FormEvent) => {
    event.preventDefault();
    if (!dir.trim()) return setError(t`Enter the folder of Qinglong's data (for example /ql/data).`);
    setBusy('preview');
    setError(null);
    setResult(null);
    try {
      setPreview(await importApi.preview(dir.trim()));
    } catch (failure) {
      setPreview(null);
      fail(failure);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    setBusy('import');
    setError(null);
    try {
      const { runId } = await importApi.start(dir.trim(), replaceAccount);
      for (;;) {
        const run = await importApi.run(runId);
        if (run.end) {
          if (run.result) {
            setResult(run.result);
            setSecrets(run.secrets);
            onImported?.(run.result);
          } else setError(run.message ?? run.end);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={runPreview} noValidate className="flex flex-col gap-3">
        <TextField
          label={t`Qinglong data folder`}
          hint={t`The folder holding db/database.sqlite (or the one holding data/), on the machine Baihu runs on. It is only read.`}
          value={dir}
          onChange={(text) => (setDir(text), setPreview(null), setResult(null))}
          placeholder="/ql/data"
          spellCheck={false}
          autoComplete="off"
        />
        <label className="flex items-center gap-2 text-[13px]">
          <input
            type="checkbox"
            checked={replaceAccount}
            onChange={(e) => setReplaceAccount(e.target.checked)}
            className="size-4 accent-primary"
          />
          <Trans>Use Qinglong's account (username, password and two-factor) instead of this one</Trans>
        </label>
        <div className="flex flex-wrap justify-end gap-2">
          {extraActions}
          <Button type="submit" loading={busy === 'preview'} disabled={busy === 'import'}>
            {t`Check what will be imported`}
          </Button>
          {preview && !result && (
            <Button variant="primary" onClick={() => void runImport()} loading={busy === 'import'}>
              {t`Import`}
            </Button>
          )}
        </div>
      </form>
      {error && <Alert>{error}</Alert>}
      {result && (
        <Alert tone="success">{t`The import is done. Dependencies install in the background (see Dependencies).`}</Alert>
      )}
      {secrets.length > 0 && (
        <Alert tone="warning">
          <p className="mb-1">{t`New application secrets, shown only now: copy them into the clients that use them.`}</p>
          <ul className="flex flex-col gap-0.5 font-mono text-[12px]" data-testid="import-secrets">
            {secrets.map((s) => (
              <li key={s.client_id}>
                {s.name}: {s.client_id} / {s.client_secret}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {(result ?? preview) && <ImportReport report={result ?? preview!} />}
    </div>
  );
}
