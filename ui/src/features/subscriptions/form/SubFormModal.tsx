import { PullType, SubscriptionType } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { type Errors } from '../../../lib/formRules.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import type { ModalProps } from '../../../lib/routing.ts';
import { createSubscription, getSubscription, updateSubscription } from '../api.ts';
import { typeLabels } from '../status.tsx';
import { CredentialFields } from './CredentialFields.tsx';
import { Check, DraftText } from './fields.tsx';
import {
  derivedAlias,
  draftFromParsed,
  draftOf,
  emptyDraft,
  inputOf,
  isRepo,
  moreKeys,
  serverErrors,
  validate,
  type Draft,
  type SubType,
} from './model.ts';
import { MoreOptions } from './MoreOptions.tsx';
import { PasteCommand } from './PasteCommand.tsx';
import { ScheduleChoice } from './ScheduleChoice.tsx';
import { TextField } from '../../../components/TextField.tsx';

/** The draft keys whose error goes by another name (the server's). */
const errorKeyOf: Record<string, string> = { privateKey: 'private_key', intervalValue: 'interval_schedule' };

/** subscription/modal: create a subscription, or edit one with `?id=`. Secrets come back masked and stay unless changed. */
export default function SubFormModal({ onClose }: ModalProps) {
  const { t, i18n } = useLingui();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const [draft, setDraft] = useState<Draft | null>(() => (id ? null : emptyDraft));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, formError, onSubmit } = useSubmit();
  const [moreOpen, setMoreOpen] = useState(false);

  useEffect(() => {
    if (!id) return;
    getSubscription(id).then(
      (sub) => setDraft(draftOf(sub)),
      (error: Error) => setLoadError(error.message),
    );
  }, [id]);

  // An edited field's error goes; it is checked again on save.
  const set = (patch: Partial<Draft>) => {
    setDraft((current) => (current ? { ...current, ...patch } : current));
    const cleared = Object.keys(patch).map((key) => errorKeyOf[key] ?? key);
    setErrors((current) => {
      if (!cleared.some((key) => current[key])) return current;
      const next = { ...current };
      for (const key of cleared) delete next[key];
      return next;
    });
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    if (moreKeys.some((key) => found[key])) setMoreOpen(true);
  };

  const submit = onSubmit({
    check: () => {
      if (!draft) return false;
      const found = validate(draft);
      showErrors(found);
      return found;
    },
    send: async () => {
      const input = inputOf(draft!);
      if (id) await updateSubscription({ id, ...input });
      else await createSubscription(input);
      toast(id ? t`Subscription saved` : t`Subscription created`);
      onClose();
    },
    failed: ({ error }) => {
      const { fields, form } = serverErrors(error);
      showErrors(fields);
      return form;
    },
  });

  const types: { value: SubType; label: string }[] = [
    SubscriptionType.publicRepo,
    SubscriptionType.privateRepo,
    SubscriptionType.file,
  ].map((value) => ({ value, label: i18n._(typeLabels[value]!) }));

  return (
    <FormDialog
      formId="sub-form"
      title={id ? t`Edit subscription` : t`New subscription`}
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
          {!id && (
            <PasteCommand onParsed={(parsed) => setDraft((current) => current && draftFromParsed(current, parsed))} />
          )}
          <TextField
            label={t`Name`}
            error={errors.name}
            value={draft.name}
            onChange={(text) => set({ name: text })}
            autoComplete="off"
            autoFocus={!!id}
          />
          <Field label={t`Type`} error={errors.type}>
            {(control) => (
              <Select
                {...control}
                value={draft.type}
                onChange={(e) => set({ type: e.target.value as SubType })}
                options={types}
              />
            )}
          </Field>
          <DraftText
            {...{ draft, set, errors }}
            name="url"
            label={t`Link`}
            mono
            placeholder={
              draft.type === SubscriptionType.file
                ? 'https://example.com/scripts/demo.js'
                : draft.type === SubscriptionType.privateRepo && draft.pullType === PullType.sshKey
                  ? 'git@github.com:owner/repo.git'
                  : 'https://github.com/owner/repo.git'
            }
            hint={
              draft.type === SubscriptionType.file
                ? t`The address of one script file (http or https).`
                : t`The repository's clone address (https, ssh or file://).`
            }
          />
          {isRepo(draft.type) && (
            <DraftText {...{ draft, set, errors }} name="branch" label={t`Branch`} mono placeholder="main" />
          )}
          {draft.type === SubscriptionType.privateRepo && <CredentialFields {...{ draft, set, errors }} />}
          <DraftText
            {...{ draft, set, errors }}
            name="alias"
            label={t`Unique value`}
            mono
            placeholder={derivedAlias(draft) || undefined}
            hint={t`Optional. Names the scripts folder, the log folder and the key; derived from the link when empty.`}
          />
          <ScheduleChoice {...{ draft, set, errors }} />
          <div className="flex flex-col gap-2">
            <Check checked={draft.autoAddCron} onChange={(autoAddCron) => set({ autoAddCron })}>
              {t`Auto add tasks: a new script with a cron header becomes a task`}
            </Check>
            {/* A single file is either pulled or not: no script of it can disappear while others stay. */}
            {isRepo(draft.type) && (
              <Check checked={draft.autoDelCron} onChange={(autoDelCron) => set({ autoDelCron })}>
                {t`Auto delete tasks: a task whose script is gone is deleted`}
              </Check>
            )}
          </div>
          <MoreOptions {...{ draft, set, errors }} open={moreOpen} onToggle={setMoreOpen} />
        </>
      )}
    </FormDialog>
  );
}
