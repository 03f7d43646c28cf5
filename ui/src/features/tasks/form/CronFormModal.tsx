import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { api } from '../../../lib/api.ts';
import type { ModalProps } from '../../../lib/routing.ts';
import { type Errors } from '../../../lib/formRules.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { useFieldErrors } from '../../../lib/useFieldErrors.ts';
import { getCron, type Cron } from '../api.ts';
import { LabelInput } from '../../../components/LabelInput.tsx';
import { draftOf, emptyDraft, inputOf, scheduleTypeOf, validate, type Draft } from './model.ts';
import { MoreFields } from './MoreFields.tsx';
import { ScheduleFields } from './ScheduleFields.tsx';
import { useNameTaken } from './useNameTaken.ts';
import { TextField } from '../../../components/TextField.tsx';

const moreKeys = ['catch_up_minutes', 'notify_policy', 'log_name', 'work_dir', 'task_before', 'task_after'];

/** A new draft from the link: `?schedule=` (a preset from the type step) or `?type=once|boot`. */
function draftFromLink(params: URLSearchParams): Draft {
  const schedule = params.get('schedule');
  const type = params.get('type');
  if (schedule) return { ...emptyDraft, scheduleType: scheduleTypeOf(schedule), schedule };
  if (type === 'once' || type === 'boot') return { ...emptyDraft, scheduleType: type };
  return emptyDraft;
}

/** crontab/modal: create a task, or edit one with `?id=`. */
export default function CronFormModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const params = new URLSearchParams(useSearch());
  const id = Number(params.get('id')) || null;
  const [draft, setDraft] = useState<Draft | null>(() => (id ? null : draftFromLink(params)));
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, formError, onSubmit } = useSubmit();
  const [moreOpen, setMoreOpen] = useState(false);

  useEffect(() => {
    if (!id) return;
    getCron(id).then(
      (cron) => setDraft(draftOf(cron)),
      (error: Error) => setLoadError(error.message),
    );
  }, [id]);

  const nameTaken = useNameTaken(draft?.name ?? '', id);
  const set = (patch: Partial<Draft>) => setDraft((current) => (current ? { ...current, ...patch } : current));
  const { errors, check, fail } = useFieldErrors(draft ?? emptyDraft, validate);
  const openMoreFor = (found: Errors) => {
    if (moreKeys.some((key) => found[key])) setMoreOpen(true);
  };

  const submit = onSubmit({
    check: () => {
      if (!draft) return false;
      const found = check();
      openMoreFor(found);
      return found;
    },
    send: async () => {
      const input = inputOf(draft!);
      if (id) await api.put<Cron>('crons', { id, ...input });
      else await api.post<Cron>('crons', input);
      toast(id ? t`Task saved` : t`Task created`);
      onClose();
    },
    failed: ({ fields, form }) => {
      const byField: Errors = {};
      for (const [key, message] of Object.entries(fields)) byField[key.split('/')[0]!] ??= message;
      fail(byField);
      openMoreFor(byField);
      return form;
    },
  });

  return (
    <FormDialog
      formId="cron-form"
      title={id ? t`Edit task` : t`New task`}
      className="max-w-2xl!"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t`Save`}
      busy={busy}
      ready={!!draft}
      loadError={loadError}
      formError={formError}
    >
      {draft && (
        <>
          <TextField
            label={t`Name`}
            error={errors.name}
            warning={
              nameTaken
                ? t`Another task already has this name. You can save it, but the two are easy to mix up.`
                : undefined
            }
            value={draft.name}
            onChange={(text) => set({ name: text })}
            autoComplete="off"
            autoFocus
          />
          <Field
            label={t`Command`}
            error={errors.command}
            hint={t`A script under the scripts folder (task demo.js) or any shell command.`}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={draft.command}
                onChange={(e) => set({ command: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    e.currentTarget.form?.requestSubmit();
                  }
                }}
                placeholder="task demo.js"
                className="font-mono text-[13px]"
                spellCheck={false}
              />
            )}
          </Field>
          <ScheduleFields draft={draft} set={set} errors={errors} />
          <Field label={t`Labels`} error={errors.labels}>
            {(control) => <LabelInput control={control} value={draft.labels} onChange={(labels) => set({ labels })} />}
          </Field>
          <details
            open={moreOpen}
            onToggle={(e) => setMoreOpen(e.currentTarget.open)}
            className="rounded-md border border-line"
          >
            <summary className="cursor-pointer px-3 py-2 text-[13px] font-medium select-none">
              {t`More options`}
              <span className="ml-2 font-normal text-muted">
                {t`overlap, catch-up, notifications, log, working directory, before/after commands`}
              </span>
            </summary>
            <div className="border-t border-line px-3 py-3">
              <MoreFields draft={draft} set={set} errors={errors} />
            </div>
          </details>
        </>
      )}
    </FormDialog>
  );
}
