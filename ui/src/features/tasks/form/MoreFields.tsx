import { toLanguage } from '@contract/i18n.ts';
import { OverlapPolicy } from '@contract/enums.ts';
import { TaskNotifyPolicies, taskNotifyPolicyLabels } from '@contract/notifications.ts';
import { useLingui } from '@lingui/react/macro';
import { Field } from '../../../components/ui/Field.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { Errors } from '../../../lib/formRules.ts';
import type { Draft } from './model.ts';
import { TextField } from '../../../components/TextField.tsx';

/** What happens on overlap, catch-up, notifications, log and working folder, and the commands around the task. */
export function MoreFields({
  draft,
  set,
  errors,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errors: Errors;
}) {
  const { t, i18n } = useLingui();
  const language = toLanguage(i18n.locale);
  const overlap: { value: OverlapPolicy; label: string; hint: string }[] = [
    { value: OverlapPolicy.replace, label: t`Replace`, hint: t`Stop the running run, then start the new one.` },
    { value: OverlapPolicy.parallel, label: t`Parallel`, hint: t`Start the new run beside the running one.` },
    { value: OverlapPolicy.skip, label: t`Skip`, hint: t`Do not start the new run.` },
    { value: OverlapPolicy.queue, label: t`Queue`, hint: t`Start the new run when the running one ends.` },
  ];
  const notifyOptions = [
    { value: '', label: t`Default (from the notification settings)` },
    ...TaskNotifyPolicies.map((p) => ({ value: p, label: taskNotifyPolicyLabels[p][language] })),
  ];
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-1.5 text-[13px] font-medium">{t`When a run is due while the task still runs`}</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {overlap.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2',
                draft.overlapPolicy === option.value ? 'border-primary bg-primary-soft/50' : 'border-line',
              )}
            >
              <input
                type="radio"
                name="overlap_policy"
                value={option.value}
                checked={draft.overlapPolicy === option.value}
                onChange={() => set({ overlapPolicy: option.value })}
                aria-label={option.label}
                aria-describedby={`overlap-${option.value}-hint`}
                className="mt-1 accent-primary"
              />
              <span>
                <span className="block text-[13px] font-medium">{option.label}</span>
                <span id={`overlap-${option.value}-hint`} className="block text-xs text-muted">
                  {option.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Catch-up window (minutes)`}
          error={errors.catch_up_minutes}
          hint={t`0 = off. Runs once at start-up if a run was missed within this window.`}
          type="number"
          min={0}
          max={10080}
          inputMode="numeric"
          value={draft.catchUpMinutes}
          onChange={(text) => set({ catchUpMinutes: text })}
        />
        <Field label={t`Notifications`} error={errors.notify_policy}>
          {(control) => (
            <Select
              {...control}
              value={draft.notifyPolicy}
              onChange={(e) => set({ notifyPolicy: e.target.value })}
              options={notifyOptions}
            />
          )}
        </Field>
        <TextField
          label={t`Log name`}
          error={errors.log_name}
          hint={t`Folder under the log directory; /dev/null keeps no logs.`}
          value={draft.logName}
          onChange={(text) => set({ logName: text })}
          autoComplete="off"
        />
        <TextField
          label={t`Working directory`}
          error={errors.work_dir}
          hint={t`Empty: the script's own folder.`}
          value={draft.workDir}
          onChange={(text) => set({ workDir: text })}
          autoComplete="off"
        />
      </div>
      <Field label={t`Before the task`} error={errors.task_before} hint={t`Shell commands run before the task.`}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={draft.taskBefore}
            onChange={(e) => set({ taskBefore: e.target.value })}
            className="font-mono text-[13px]"
            spellCheck={false}
          />
        )}
      </Field>
      <Field label={t`After the task`} error={errors.task_after} hint={t`Shell commands run after the task.`}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={draft.taskAfter}
            onChange={(e) => set({ taskAfter: e.target.value })}
            className="font-mono text-[13px]"
            spellCheck={false}
          />
        )}
      </Field>
    </div>
  );
}
