import { IntervalUnit, PullType, SubscriptionScheduleType, SubscriptionType } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { SegmentedControl } from '../../components/ui/SegmentedControl.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { Textarea } from '../../components/ui/Textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import type { ModalProps } from '../../lib/routing.ts';
import { SchedulePreview } from '../crontab/form/SchedulePreview.tsx';
import { errorsFrom, hasErrors, type Errors } from '../../lib/formRules.ts';
import { createSubscription, getSubscription, parseCommand, subscriptionsChanged, updateSubscription } from './api.ts';
import {
  derivedAlias,
  draftFromParsed,
  draftOf,
  emptyDraft,
  inputOf,
  isMasked,
  isRepo,
  validate,
  type Draft,
  type PullKind,
  type ScheduleKind,
  type SubType,
  type Unit,
} from './model.ts';
import { unitLabel } from './schedule.ts';
import { typeLabels } from './status.tsx';

const moreKeys = ['whitelist', 'blacklist', 'dependences', 'extensions', 'sub_before', 'sub_after', 'proxy'];
/** Server field names → the form's error keys. */
const fieldKey: Record<string, string> = { pull_option: 'password', type: 'url' };

function Check({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="inline-flex items-start gap-2 text-[13px]">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span>{children}</span>
    </label>
  );
}

/** Pastes a `ql repo …` / `ql raw …` command and fills the form from what the daemon reads in it. */
function PasteCommand({ onParsed }: { onParsed: (parsed: Awaited<ReturnType<typeof parseCommand>>) => void }) {
  const { t } = useLingui();
  const [command, setCommand] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fill = async () => {
    if (!command.trim()) return setError(t`Paste a command first`);
    setBusy(true);
    try {
      onParsed(await parseCommand(command.trim()));
      setError(undefined);
      setCommand('');
      toast(t`Filled in from the command`);
    } catch (failure) {
      const { fields, form } = errorsFrom(failure);
      setError(form ?? Object.values(fields).find(Boolean));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Field
      label={t`Paste a ql repo / ql raw command`}
      error={error}
      hint={t`Optional: the fields below are filled in from it.`}
    >
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            value={command}
            onChange={(e) => setCommand(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void fill();
              }
            }}
            placeholder='ql repo https://github.com/owner/repo.git "jd_" "" "utils" main'
            className="font-mono text-[12.5px]"
            spellCheck={false}
            autoComplete="off"
          />
          <Button onClick={fill} loading={busy} className="shrink-0">
            {t`Fill in`}
          </Button>
        </div>
      )}
    </Field>
  );
}

/** subscription/modal: create a subscription, or edit one with `?id=`. Secrets come back masked and stay unless changed. */
export default function SubFormModal({ onClose }: ModalProps) {
  const { t, i18n } = useLingui();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const [draft, setDraft] = useState<Draft | null>(() => (id ? null : emptyDraft));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);

  useEffect(() => {
    if (!id) return;
    getSubscription(id).then(
      (sub) => setDraft(draftOf(sub)),
      (error: Error) => setLoadError(error.message),
    );
  }, [id]);

  const set = (patch: Partial<Draft>) => {
    setDraft((current) => (current ? { ...current, ...patch } : current));
    const cleared = Object.keys(patch).map((key) =>
      key === 'privateKey' ? 'private_key' : key === 'intervalValue' ? 'interval_schedule' : key,
    );
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const found = validate(draft);
    showErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const input = inputOf(draft);
      if (id) await updateSubscription({ id, ...input });
      else await createSubscription(input);
      toast(id ? t`Subscription saved` : t`Subscription created`);
      subscriptionsChanged();
      onClose();
    } catch (error) {
      const { fields, form } = errorsFrom(error);
      const byField: Errors = {};
      for (const [key, message] of Object.entries(fields)) {
        const name = key.split('/').find((part) => part && !/^\d+$/.test(part) && part !== 'pull_option') ?? key;
        byField[fieldKey[name] ?? name] ??= message;
      }
      showErrors(byField);
      const known = [
        'name',
        'url',
        'branch',
        'alias',
        'username',
        'password',
        'private_key',
        'schedule',
        'interval_schedule',
        ...moreKeys,
      ];
      setFormError(form ?? (known.some((key) => byField[key]) ? null : (Object.values(byField).find(Boolean) ?? null)));
    } finally {
      setBusy(false);
    }
  };

  const types: { value: SubType; label: string }[] = [
    SubscriptionType.publicRepo,
    SubscriptionType.privateRepo,
    SubscriptionType.file,
  ].map((value) => ({ value, label: i18n._(typeLabels[value]!) }));
  const pullTypes: { value: PullKind; label: string }[] = [
    { value: PullType.userPwd, label: t`Username and password` },
    { value: PullType.sshKey, label: t`Private key` },
  ];
  const scheduleTypes: { value: ScheduleKind; label: string }[] = [
    { value: SubscriptionScheduleType.crontab, label: t`Cron` },
    { value: SubscriptionScheduleType.interval, label: t`Interval` },
  ];
  const units = Object.values(IntervalUnit).map((value) => ({ value, label: unitLabel(value) }));

  const text = (
    key: keyof Draft,
    label: string,
    options: { hint?: string; placeholder?: string; mono?: boolean; error?: string } = {},
  ) => (
    <Field label={label} error={options.error ?? errors[key]} hint={options.hint}>
      {(control) => (
        <Input
          {...control}
          value={draft?.[key] as string}
          onChange={(e) => set({ [key]: e.target.value })}
          placeholder={options.placeholder}
          className={options.mono ? 'font-mono' : undefined}
          spellCheck={false}
          autoComplete="off"
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={id ? t`Edit subscription` : t`New subscription`}
      className="max-w-2xl!"
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button type="submit" form="sub-form" variant="primary" loading={busy} disabled={!draft}>
            {t`Save`}
          </Button>
        </>
      }
    >
      {loadError && <Alert>{loadError}</Alert>}
      {!draft && !loadError && <PageSpinner />}
      {draft && (
        <form id="sub-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          {formError && <Alert>{formError}</Alert>}
          {!id && (
            <PasteCommand onParsed={(parsed) => setDraft((current) => current && draftFromParsed(current, parsed))} />
          )}
          <Field label={t`Name`} error={errors.name}>
            {(control) => (
              <Input
                {...control}
                value={draft.name}
                onChange={(e) => set({ name: e.target.value })}
                autoComplete="off"
                autoFocus={!!id}
              />
            )}
          </Field>
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
          {text('url', t`Link`, {
            mono: true,
            placeholder:
              draft.type === SubscriptionType.file
                ? 'https://example.com/scripts/demo.js'
                : draft.type === SubscriptionType.privateRepo && draft.pullType === PullType.sshKey
                  ? 'git@github.com:owner/repo.git'
                  : 'https://github.com/owner/repo.git',
            hint:
              draft.type === SubscriptionType.file
                ? t`The address of one script file (http or https).`
                : t`The repository's clone address (https, ssh or file://).`,
          })}
          {isRepo(draft.type) && text('branch', t`Branch`, { mono: true, placeholder: 'main' })}
          {draft.type === SubscriptionType.privateRepo && (
            <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3">
              <legend className="px-1 text-[13px] font-medium">{t`Pull method`}</legend>
              <div>
                <SegmentedControl
                  label={t`Pull method`}
                  value={draft.pullType}
                  onChange={(pullType) => set({ pullType })}
                  options={pullTypes}
                />
              </div>
              {draft.pullType === PullType.userPwd ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  {text('username', t`Username`)}
                  <Field
                    label={t`Password or token`}
                    error={errors.password}
                    hint={isMasked(draft.password) ? t`Stored; leave it to keep it.` : undefined}
                  >
                    {(control) => (
                      <PasswordInput
                        {...control}
                        value={draft.password}
                        onFocus={(e) => isMasked(draft.password) && e.currentTarget.select()}
                        onChange={(e) => set({ password: e.target.value })}
                        autoComplete="new-password"
                      />
                    )}
                  </Field>
                </div>
              ) : (
                <Field
                  label={t`Private key`}
                  error={errors.private_key}
                  hint={
                    isMasked(draft.privateKey)
                      ? t`Stored; leave it to keep it, or paste a new key.`
                      : t`The whole key, from -----BEGIN to END-----.`
                  }
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={5}
                      value={draft.privateKey}
                      onFocus={(e) => isMasked(draft.privateKey) && e.currentTarget.select()}
                      onChange={(e) => set({ privateKey: e.target.value })}
                      placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
                      className="font-mono text-[12px]"
                      spellCheck={false}
                    />
                  )}
                </Field>
              )}
            </fieldset>
          )}
          {text('alias', t`Unique value`, {
            mono: true,
            placeholder: derivedAlias(draft) || undefined,
            hint: t`Optional. Names the scripts folder, the log folder and the key; derived from the link when empty.`,
          })}
          <div className="flex flex-col gap-1.5">
            <span className="text-[13px] font-medium" aria-hidden="true">
              {t`Schedule type`}
            </span>
            <div>
              <SegmentedControl
                label={t`Schedule type`}
                value={draft.scheduleType}
                onChange={(scheduleType) => set({ scheduleType })}
                options={scheduleTypes}
              />
            </div>
          </div>
          {draft.scheduleType === SubscriptionScheduleType.crontab ? (
            <>
              <Field
                label={t`Schedule`}
                error={errors.schedule}
                hint={t`5 fields (minute hour day month weekday) or 6 with seconds first, e.g. 0 */2 * * *`}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={draft.schedule}
                    onChange={(e) => set({ schedule: e.target.value })}
                    placeholder="0 */2 * * *"
                    className="font-mono"
                    autoComplete="off"
                    spellCheck={false}
                  />
                )}
              </Field>
              <SchedulePreview schedule={draft.schedule} />
            </>
          ) : (
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-[13px] font-medium">{t`Pull every`}</legend>
              <div className="flex gap-2">
                <Input
                  type="number"
                  min={1}
                  aria-label={t`Interval`}
                  aria-invalid={errors.interval_schedule ? true : undefined}
                  value={draft.intervalValue}
                  onChange={(e) => set({ intervalValue: e.target.value })}
                  className="w-28"
                />
                <Select
                  aria-label={t`Unit`}
                  value={draft.intervalUnit}
                  onChange={(e) => set({ intervalUnit: e.target.value as Unit })}
                  options={units}
                  className="w-36"
                />
              </div>
              {errors.interval_schedule && <p className="text-xs text-danger-text">{errors.interval_schedule}</p>}
            </fieldset>
          )}
          <div className="flex flex-col gap-2">
            <Check checked={draft.autoAddCron} onChange={(autoAddCron) => set({ autoAddCron })}>
              {t`Auto add tasks: a new script with a cron header becomes a task`}
            </Check>
            <Check checked={draft.autoDelCron} onChange={(autoDelCron) => set({ autoDelCron })}>
              {t`Auto delete tasks: a task whose script is gone is deleted`}
            </Check>
          </div>
          <details
            open={moreOpen}
            onToggle={(e) => setMoreOpen(e.currentTarget.open)}
            className="rounded-md border border-line"
          >
            <summary className="cursor-pointer px-3 py-2 text-[13px] font-medium select-none">
              {t`More options`}
              <span className="ml-2 font-normal text-muted">
                {t`which files, extensions, commands before and after, proxy`}
              </span>
            </summary>
            <div className="flex flex-col gap-4 border-t border-line px-3 py-3">
              <div className="grid gap-4 sm:grid-cols-2">
                {text('whitelist', t`Whitelist`, {
                  mono: true,
                  placeholder: 'jd_|utils',
                  hint: t`Only files whose path matches; separate patterns with |.`,
                })}
                {text('blacklist', t`Blacklist`, {
                  mono: true,
                  placeholder: 'test_|backup',
                  hint: t`Files whose path matches are skipped.`,
                })}
                {text('dependences', t`Dependency files`, {
                  mono: true,
                  placeholder: 'utils|sendNotify',
                  hint: t`Copied along although they are not tasks.`,
                })}
                {text('extensions', t`File extensions`, {
                  mono: true,
                  placeholder: t`From config.sh RepoFileExtensions`,
                  hint: t`Separated by spaces, e.g. js py ts sh.`,
                })}
              </div>
              {(['subBefore', 'subAfter'] as const).map((key) => (
                <Field
                  key={key}
                  label={key === 'subBefore' ? t`Command before` : t`Command after`}
                  error={errors[key === 'subBefore' ? 'sub_before' : 'sub_after']}
                  hint={key === 'subBefore' ? t`Runs before each pull.` : t`Runs after each successful pull.`}
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={2}
                      value={draft[key]}
                      onChange={(e) => set({ [key]: e.target.value })}
                      className="font-mono text-[13px]"
                      spellCheck={false}
                    />
                  )}
                </Field>
              ))}
              {text('proxy', t`Proxy`, {
                mono: true,
                placeholder: 'http://127.0.0.1:7890',
                error: errors.proxy,
              })}
            </div>
          </details>
        </form>
      )}
    </Dialog>
  );
}
