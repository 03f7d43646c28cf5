import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useSearch } from 'wouter';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { SegmentedControl } from '../../components/ui/SegmentedControl.tsx';
import { Textarea } from '../../components/ui/Textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import type { ModalProps } from '../../lib/routing.ts';
import { LabelInput } from '../../components/LabelInput.tsx';
import { hasErrors, required, type Errors } from '../../lib/formRules.ts';
import { formOrFirst, useSubmit } from '../../lib/useSubmit.ts';
import { createEnvs, envNameRule, getEnv, updateEnv, type EnvInput } from './api.ts';
import { parseEnvLines, type LineProblem } from './lines.ts';
import { overRunLimit } from './valueLimit.ts';
import { TextField } from '../../components/TextField.tsx';

interface Draft {
  name: string;
  value: string;
  remarks: string;
}
const emptyDraft: Draft = { name: '', value: '', remarks: '' };

/** The spec's name rule (§5), in the interface's language. */
export function useNameError() {
  const { t } = useLingui();
  return (name: string): string | undefined =>
    required(name, t`name`) ??
    (envNameRule.test(name.trim())
      ? undefined
      : t`Only letters, digits and underscores, and not starting with a digit`);
}

/** env/modal: new variables (several rows, or NAME=value lines), or edit one with `?id=`. */
export default function EnvFormModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const nameError = useNameError();
  const [mode, setMode] = useState<'fields' | 'lines'>('fields');
  const [drafts, setDrafts] = useState<Draft[] | null>(() => (id ? null : [emptyDraft]));
  const [lines, setLines] = useState('');
  const [labels, setLabels] = useState<string[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, formError, onSubmit } = useSubmit();

  useEffect(() => {
    if (!id) return;
    getEnv(id).then(
      (env) => {
        setDrafts([{ name: env.name, value: env.value, remarks: env.remarks ?? '' }]);
        setLabels(env.labels);
      },
      (error: Error) => setLoadError(error.message),
    );
  }, [id]);

  const set = (index: number, patch: Partial<Draft>) => {
    setDrafts((current) => current && current.map((d, i) => (i === index ? { ...d, ...patch } : d)));
    // An edited field's error goes; it is checked again on save.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[`${index}.${key}`];
      return next;
    });
  };

  /** A value too big for a run, said at its field as it is typed (the server would refuse the save). */
  const tooBig = (name: string, value: string): string | undefined => {
    const over = overRunLimit(name, value);
    if (!over) return undefined;
    const { size, max } = over;
    return t`This value is ${size} KB: a run can receive at most ${max} KB in one variable (Linux's limit).`;
  };

  const lineProblem = (problem: LineProblem): string => {
    const { line } = problem;
    switch (problem.kind) {
      case 'noEquals':
        return t`Line ${line}: not NAME=value`;
      case 'noName':
        return t`Line ${line}: the name before = is missing`;
      case 'badName': {
        const { name } = problem;
        return t`Line ${line}: ${name} — only letters, digits and underscores, and not starting with a digit`;
      }
      case 'openQuote': {
        const { name } = problem;
        return t`Line ${line}: the quote that opens the value of ${name} is not closed`;
      }
    }
  };

  /** The inputs to send, or the errors that stop it. */
  const collect = (): { inputs: EnvInput[]; found: Errors } => {
    const found: Errors = {};
    if (mode === 'lines' && !id) {
      const { inputs, problems } = parseEnvLines(lines);
      if (problems.length > 0) found.lines = problems.map(lineProblem).join('\n');
      else if (inputs.length === 0) found.lines = t`Please enter at least one NAME=value line`;
      return { inputs: inputs.map((input) => ({ ...input, labels })), found };
    }
    const rows = drafts ?? [];
    rows.forEach((draft, index) => {
      found[`${index}.name`] = nameError(draft.name);
      found[`${index}.value`] = draft.value === '' ? t`Please enter value` : tooBig(draft.name, draft.value);
    });
    const inputs = rows.map((draft) => ({
      name: draft.name.trim(),
      value: draft.value,
      remarks: draft.remarks.trim() || null,
      labels,
    }));
    return { inputs, found };
  };

  let inputs: EnvInput[] = [];
  const submit = onSubmit({
    check: () => {
      const collected = collect();
      inputs = collected.inputs;
      setErrors(collected.found);
      return !hasErrors(collected.found) && inputs.length > 0;
    },
    send: async () => {
      if (id) await updateEnv({ id, ...inputs[0]! });
      else await createEnvs(inputs);
      toast(id ? t`Variable saved` : plural(inputs.length, { 1: 'Variable added', other: '# variables added' }));
      onClose();
    },
    failed: (failure) => {
      const { fields } = failure;
      // A field error names one row only when there is one row to name.
      if (mode === 'fields' && (drafts?.length ?? 0) === 1 && (fields.name || fields.value)) {
        setErrors({ '0.name': fields.name, '0.value': fields.value });
      } else if (mode === 'lines' && !id) {
        setErrors({ lines: formOrFirst(failure) ?? undefined });
      } else return formOrFirst(failure);
      return null;
    },
  });

  const submitOnEnter = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      e.currentTarget.form?.requestSubmit();
    }
  };
  const many = (drafts?.length ?? 0) > 1;

  return (
    <FormDialog
      formId="env-form"
      title={id ? t`Edit variable` : t`New variables`}
      description={id ? undefined : t`Scripts read them as environment variables from their next run.`}
      className="max-w-2xl!"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t`Save`}
      busy={busy}
      ready={!!drafts}
      loadError={loadError}
      formError={formError}
    >
      {drafts && (
        <>
          {!id && (
            <SegmentedControl
              label={t`How to enter them`}
              value={mode}
              onChange={(next) => {
                setMode(next);
                setErrors({});
              }}
              options={[
                { value: 'fields', label: t`One by one` },
                { value: 'lines', label: t`Paste lines` },
              ]}
            />
          )}
          {mode === 'lines' && !id ? (
            <Field
              label={t`Variables`}
              error={errors.lines}
              hint={t`One NAME=value per line, as in a .env file or a shell script: export NAME=value and quoted values ("…" or '…', the quotes removed) work too. Blank lines and lines starting with # are skipped.`}
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={8}
                  value={lines}
                  onChange={(e) => {
                    setLines(e.target.value);
                    setErrors({});
                  }}
                  placeholder={'JD_COOKIE=pt_key=…;pt_pin=…;\nPUSH_KEY=abc123'}
                  className="font-mono text-[13px]"
                  spellCheck={false}
                  autoFocus
                />
              )}
            </Field>
          ) : (
            drafts.map((draft, index) => {
              const body = (
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    label={t`Name`}
                    error={errors[`${index}.name`]}
                    hint={index === 0 ? t`Letters, digits and underscores; not starting with a digit.` : undefined}
                    value={draft.name}
                    onChange={(text) => set(index, { name: text })}
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono"
                    autoFocus={index === drafts.length - 1}
                  />
                  <div className="sm:order-3 sm:col-span-2">
                    <Field label={t`Value`} error={errors[`${index}.value`] ?? tooBig(draft.name, draft.value)}>
                      {(control) => (
                        <Textarea
                          {...control}
                          rows={2}
                          value={draft.value}
                          onChange={(e) => set(index, { value: e.target.value })}
                          onKeyDown={submitOnEnter}
                          className="font-mono text-[13px]"
                          spellCheck={false}
                          autoComplete="off"
                        />
                      )}
                    </Field>
                  </div>
                  <div className="sm:order-2">
                    <TextField
                      label={t`Remarks`}
                      value={draft.remarks}
                      onChange={(text) => set(index, { remarks: text })}
                      autoComplete="off"
                    />
                  </div>
                </div>
              );
              if (id) return <div key={index}>{body}</div>;
              return (
                <fieldset key={index} className="rounded-md border border-line px-3 pt-1 pb-3">
                  <legend className="flex items-center gap-2 px-1 text-[13px] font-medium">
                    {t`Variable ${index + 1}`}
                  </legend>
                  {body}
                  {many && (
                    <div className="mt-2 flex justify-end">
                      <Button
                        size="sm"
                        variant="link"
                        className="text-danger-text"
                        aria-label={t`Remove variable ${index + 1}`}
                        onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
                      >
                        {t`Remove`}
                      </Button>
                    </div>
                  )}
                </fieldset>
              );
            })
          )}
          {mode === 'fields' && !id && (
            <div>
              <Button size="sm" onClick={() => setDrafts([...drafts, emptyDraft])}>
                {t`Add another variable`}
              </Button>
            </div>
          )}
          <Field label={t`Labels`} hint={id ? undefined : t`Given to every variable added here.`}>
            {(control) => <LabelInput control={control} value={labels} onChange={setLabels} />}
          </Field>
        </>
      )}
    </FormDialog>
  );
}
