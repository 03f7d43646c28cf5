import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { Alert } from '../../components/ui/Alert.tsx';
import { FormFooter } from '../../components/FormDialog.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import type { ModalProps } from '../../lib/routing.ts';
import { type Errors } from '../../lib/formRules.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { listEnvs, renameEnvs, type Env } from './api.ts';
import { useNameError } from './EnvFormModal.tsx';
import { TextField } from '../../components/TextField.tsx';

/** env/editNameModal?ids=1,2,3: give the chosen variables one new name (values, order and status stay). */
export default function EditNameModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const idsParam = new URLSearchParams(useSearch()).get('ids') ?? '';
  const nameError = useNameError();
  const [envs, setEnvs] = useState<Env[] | null>(null);
  const [name, setName] = useState('');
  const { errors, check, fail } = useFieldErrors({ name }, (v): Errors => ({ name: nameError(v.name) }));
  const { busy, formError, setFormError, onSubmit } = useSubmit();

  useEffect(() => {
    const wanted = new Set(idsParam.split(',').map(Number).filter(Boolean));
    listEnvs('').then(
      (all) => {
        const chosen = all.filter((e) => wanted.has(e.id));
        setEnvs(chosen);
        const names = [...new Set(chosen.map((e) => e.name))];
        if (names.length === 1) setName(names[0]!);
      },
      (failure: Error) => setFormError(failure.message),
    );
  }, [idsParam, setFormError]);

  const submit = onSubmit({
    check: () => !!envs?.length && check(),
    send: async () => {
      await renameEnvs(
        envs!.map((e) => e.id),
        name.trim(),
      );
      toast(plural(envs!.length, { 1: 'Variable renamed', other: '# variables renamed' }));
      onClose();
    },
    failed: ({ fields, form }) => (fail({ name: fields.name }), form),
  });

  const names = envs ? [...new Set(envs.map((e) => e.name))] : [];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        envs && envs.length > 0
          ? plural(envs.length, { 1: 'Rename 1 variable', other: 'Rename # variables' })
          : t`Rename variables`
      }
      description={t`Every chosen variable gets the new name; values, order and status stay as they are.`}
      footer={
        <FormFooter
          formId="env-name-form"
          submitLabel={t`Rename`}
          onCancel={onClose}
          busy={busy}
          disabled={!envs?.length}
        />
      }
    >
      {formError && <Alert>{formError}</Alert>}
      {envs && envs.length === 0 && (
        <Alert tone="info">{t`No variables are chosen. Select some in the list, then choose Rename.`}</Alert>
      )}
      {envs && envs.length > 0 && (
        <form id="env-name-form" onSubmit={submit} noValidate className="flex flex-col gap-3">
          <p className="text-[13px] text-muted">
            {t`Now:`} <span className="font-mono text-fg">{names.join(', ')}</span>
          </p>
          <TextField
            label={t`New name`}
            error={errors.name}
            hint={t`Letters, digits and underscores; not starting with a digit.`}
            value={name}
            onChange={setName}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            autoFocus
          />
        </form>
      )}
    </Dialog>
  );
}
