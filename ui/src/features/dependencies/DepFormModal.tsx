import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { SegmentedControl } from '../../components/ui/SegmentedControl.tsx';
import { Textarea } from '../../components/ui/Textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import type { ModalProps } from '../../lib/routing.ts';
import { required, type Errors } from '../../lib/formRules.ts';
import { formOrFirst, useSubmit } from '../../lib/useSubmit.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import {
  createDependencies,
  getDependency,
  isTypeName,
  typeNameOf,
  typeNames,
  updateDependency,
  type DependencyTypeName,
} from './api.ts';
import { typeLabels } from './status.tsx';

const examples: Record<DependencyTypeName, string> = {
  nodejs: 'axios\ncrypto-js@4.2.0\n@types/node',
  python3: 'requests\nhttpx==0.27.0',
  linux: 'curl\njq',
};

/** dependence/modal: add dependencies of a type (`?type=`), or edit one (`?id=`) and install it again. */
export default function DepFormModal({ onClose }: ModalProps) {
  const { t, i18n } = useLingui();
  const params = new URLSearchParams(useSearch());
  const id = Number(params.get('id')) || null;
  const linkedType = params.get('type');
  const [type, setType] = useState<DependencyTypeName>(isTypeName(linkedType) ? linkedType : 'nodejs');
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [autoSplit, setAutoSplit] = useState(true);
  const [loaded, setLoaded] = useState(!id);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, formError, onSubmit } = useSubmit();

  useEffect(() => {
    if (!id) return;
    getDependency(id).then(
      (dep) => {
        setType(typeNameOf(dep.type));
        setName(dep.name);
        setRemark(dep.remark ?? '');
        setLoaded(true);
      },
      (error: Error) => setLoadError(error.message),
    );
  }, [id]);

  const { errors, check, fail, clear } = useFieldErrors({ name, remark, type }, (v): Errors => ({
    name: required(v.name, t`dependency name`),
  }));

  const submit = onSubmit({
    check,
    send: async () => {
      const note = remark.trim() || null;
      if (id) {
        await updateDependency({ id, name: name.trim(), type, remark: note });
        toast(t`Saved; installing again`);
      } else {
        const added = await createDependencies([{ name, type, remark: note, autoSplit }]);
        toast(plural(added.length, { 1: 'Install queued', other: '# installs queued' }));
      }
      onClose();
    },
    failed: ({ fields, form }) => {
      const byField: Errors = {};
      for (const [key, message] of Object.entries(fields)) byField[key.split('/').pop()!] ??= message;
      fail({ name: byField.name, remark: byField.remark });
      return byField.name || byField.remark ? null : formOrFirst({ fields: byField, form, error: null });
    },
  });

  return (
    <FormDialog
      formId="dep-form"
      title={id ? t`Edit dependency` : t`New dependency`}
      description={id ? t`Saving installs it again with the new name.` : undefined}
      className="max-w-xl!"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={id ? t`Save and reinstall` : t`Install`}
      busy={busy}
      ready={loaded}
      loadError={loadError}
      formError={formError}
    >
      {loaded && (
        <>
          <div className="flex flex-col gap-1.5">
            <span className="text-[13px] font-medium" aria-hidden="true">
              {t`Type`}
            </span>
            <SegmentedControl
              label={t`Type`}
              value={type}
              onChange={(next) => {
                setType(next);
                clear();
              }}
              options={typeNames.map((value) => ({ value, label: i18n._(typeLabels[value]) }))}
            />
          </div>
          <Field
            label={id ? t`Name` : t`Names`}
            error={errors.name}
            hint={
              id
                ? t`A package name, optionally with a version.`
                : autoSplit
                  ? t`One package per line (or separated by &), optionally with a version.`
                  : t`One package, optionally with a version.`
            }
          >
            {(control) =>
              id ? (
                <Input
                  {...control}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  className="font-mono"
                  spellCheck={false}
                  autoComplete="off"
                  autoFocus
                />
              ) : (
                <Textarea
                  {...control}
                  rows={4}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  placeholder={examples[type]}
                  className="font-mono text-[13px]"
                  spellCheck={false}
                  autoFocus
                />
              )
            }
          </Field>
          {!id && (
            <label className="inline-flex items-center gap-2 text-[13px]">
              <input
                type="checkbox"
                checked={autoSplit}
                onChange={(e) => setAutoSplit(e.target.checked)}
                className="size-4 accent-primary"
              />
              {t`Auto split: each line or &-separated name becomes its own dependency`}
            </label>
          )}
          <Field label={t`Remark`} error={errors.remark}>
            {(control) => (
              <Input {...control} value={remark} onChange={(e) => setRemark(e.target.value)} autoComplete="off" />
            )}
          </Field>
        </>
      )}
    </FormDialog>
  );
}
