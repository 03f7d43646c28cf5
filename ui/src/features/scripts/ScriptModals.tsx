import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FormDialog, FormFooter } from '../../components/FormDialog.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { SegmentedControl } from '../../components/ui/SegmentedControl.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { type Errors } from '../../lib/formRules.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { joinKey, splitKey } from '../../lib/files.ts';
import type { ModalProps } from '../../lib/routing.ts';
import { createFolder, createScript, openBuffer, renameScript, scriptRenamed } from './api.ts';
import { TextField } from '../../components/TextField.tsx';

/** Goes back to /script, keeping the open file in the address. */
function useBack(): (key?: string | null) => void {
  const [, navigate] = useLocation();
  return (key) => navigate(key ? `/script?file=${encodeURIComponent(key)}` : '/script');
}

/** The spec's rule (§5), checked before asking the server. */
function useNameProblem(): (name: string) => string | undefined {
  const { t } = useLingui();
  return (name) => {
    if (!name.trim()) return t`Enter a name.`;
    if (/[/\\]/.test(name)) return t`File name cannot contain slashes`;
    return undefined;
  };
}

/** A folder path inside data/scripts, shown under its root 'scripts' (the default save directory, spec §9). */
function FolderField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useLingui();
  return (
    <Field label={t`Folder`} error={error} hint={t`Inside the scripts folder; empty means the scripts folder itself.`}>
      {(control) => (
        <div className="flex items-center gap-1.5">
          <span className="font-mono text-[13px] text-muted">scripts/</span>
          <Input
            {...control}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      )}
    </Field>
  );
}

/** The name of a file or folder: typed as it will be on disk. */
function NameField(props: {
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return <TextField {...props} className="font-mono" autoComplete="off" spellCheck={false} autoFocus />;
}

const cleanFolder = (folder: string) =>
  folder
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean)
    .join('/');

/** script/editNameModal?path=dir: create a file or a folder. */
export function CreateModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const back = useBack();
  const problem = useNameProblem();
  const [kind, setKind] = useState<'file' | 'directory'>('file');
  const [name, setName] = useState('');
  const [folder, setFolder] = useState(new URLSearchParams(useSearch()).get('path') ?? '');
  const { errors, check, fail } = useFieldErrors({ name }, (v): Errors => ({ name: problem(v.name) }));
  const { busy, formError, onSubmit } = useSubmit();

  const submit = onSubmit({
    check,
    send: async () => {
      const dir = cleanFolder(folder);
      if (kind === 'file') await createScript(dir, name.trim());
      else await createFolder(dir, name.trim());
      const key = joinKey(dir, name.trim());
      toast(kind === 'file' ? t`Created ${name.trim()}` : t`Folder ${name.trim()} created`);
      if (kind === 'file') back(key);
      else onClose();
    },
    failed: ({ fields, form }) => (fail({ name: fields.filename ?? fields.directory }), form),
  });

  return (
    <FormDialog
      formId="script-create-form"
      title={kind === 'file' ? t`New script` : t`New folder`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t`Create`}
      busy={busy}
      formError={formError}
      gap="gap-3"
    >
      <SegmentedControl
        label={t`Create`}
        value={kind}
        onChange={setKind}
        options={[
          { value: 'file', label: t`File` },
          { value: 'directory', label: t`Folder` },
        ]}
      />
      <NameField
        label={kind === 'file' ? t`File name` : t`Folder name`}
        error={errors.name}
        hint={kind === 'file' ? t`The extension picks the language: .py, .js, .ts or .sh.` : undefined}
        value={name}
        onChange={setName}
      />
      <FolderField value={folder} onChange={setFolder} />
    </FormDialog>
  );
}

/** script/renameModal?file=dir/name.js (&type=directory): a new name in the same folder. */
export function RenameModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const back = useBack();
  const problem = useNameProblem();
  const params = new URLSearchParams(useSearch());
  const key = params.get('file') ?? '';
  const isFolder = params.get('type') === 'directory';
  const { path, file } = splitKey(key);
  const [name, setName] = useState(file);
  const { errors, check, fail } = useFieldErrors({ name }, (v): Errors => ({ name: problem(v.name) }));
  const { busy, formError, onSubmit } = useSubmit();
  const close = () => (isFolder ? onClose() : back(key));

  const submit = onSubmit({
    check,
    send: async () => {
      if (name.trim() === file) return close();
      await renameScript(path, file, name.trim());
      const to = joinKey(path, name.trim());
      toast(t`Renamed to ${name.trim()}`);
      scriptRenamed({ from: key, to });
      if (isFolder) onClose();
      else back(openBuffer.key?.startsWith(key) ? to : openBuffer.key);
    },
    failed: ({ fields, form }) => (fail({ name: fields.newFilename ?? fields.filename }), form),
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={isFolder ? t`Rename folder` : t`Rename script`}
      description={key ? <span className="font-mono">scripts/{key}</span> : undefined}
      footer={
        <FormFooter formId="script-rename-form" submitLabel={t`Rename`} onCancel={close} busy={busy} disabled={!key} />
      }
    >
      {!key ? (
        <Alert tone="info">{t`Choose a script in the tree first, then Rename.`}</Alert>
      ) : (
        <form id="script-rename-form" onSubmit={submit} noValidate className="flex flex-col gap-3">
          {formError && <Alert>{formError}</Alert>}
          <NameField label={t`New name`} error={errors.name} value={name} onChange={setName} />
        </form>
      )}
    </Dialog>
  );
}

/** script/saveModal?file=dir/name.js: save the editor's text as a new file (name and folder). */
export function SaveAsModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const back = useBack();
  const problem = useNameProblem();
  const key = new URLSearchParams(useSearch()).get('file') ?? '';
  const from = splitKey(key);
  const [name, setName] = useState(from.file ? from.file.replace(/(\.[^.]*)?$/, '-copy$1') : '');
  const [folder, setFolder] = useState(from.path);
  const { errors, check, fail } = useFieldErrors({ name }, (v): Errors => ({ name: problem(v.name) }));
  const { busy, formError, onSubmit } = useSubmit();
  const close = () => (key ? back(key) : onClose());

  const submit = onSubmit({
    check,
    send: async () => {
      const dir = cleanFolder(folder);
      const content = openBuffer.key === key ? openBuffer.content : '';
      await createScript(dir, name.trim(), content);
      const to = joinKey(dir, name.trim());
      toast(t`Saved as ${to}`);
      back(to);
    },
    failed: ({ fields, form }) => (fail({ name: fields.filename }), form),
  });

  return (
    <FormDialog
      formId="script-save-form"
      title={t`Save as a new script`}
      description={t`The editor's text goes into a new file; the open file stays as it was last saved.`}
      onClose={close}
      onSubmit={submit}
      submitLabel={t`Save`}
      busy={busy}
      formError={formError}
      gap="gap-3"
    >
      <NameField label={t`File name`} error={errors.name} value={name} onChange={setName} />
      <FolderField value={folder} onChange={setFolder} />
    </FormDialog>
  );
}
