import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { required, type Errors } from '../../lib/formRules.ts';
import { useFieldErrors } from '../../lib/useFieldErrors.ts';
import { formOrFirst, useSubmit } from '../../lib/useSubmit.ts';
import type { ModalProps } from '../../lib/routing.ts';
import { createApp, listApps, updateApp, type AppScope, type AppWithSecret } from './api.ts';
import { offeredScopes, scopeNames } from './scopes.ts';
import { SecretPanel } from './SecretPanel.tsx';
import { TextField } from '../../components/TextField.tsx';

/** The spec's rule (§5): an application's name cannot be a reserved keyword. The daemon says so too. */
const reserved = ['system'];

/** setting/appModal: a new application, or edit one with `?id=`. A new one's secret is shown once, here. */
export default function AppFormModal({ onClose }: ModalProps) {
  const { t, i18n } = useLingui();
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<AppScope[]>([]);
  const [ready, setReady] = useState(!id);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { errors, check, fail } = useFieldErrors({ name }, (v): Errors => {
    const trimmed = v.name.trim();
    return {
      name:
        required(v.name, t`name`) ??
        (reserved.includes(trimmed.toLowerCase()) ? t`"${trimmed}" is a reserved name; choose another` : undefined),
    };
  });
  const { busy, formError, onSubmit } = useSubmit();
  const [created, setCreated] = useState<AppWithSecret | null>(null);

  useEffect(() => {
    if (!id) return;
    listApps().then(
      (apps) => {
        const app = apps.find((a) => a.id === id);
        if (!app) return setLoadError(t`This application no longer exists.`);
        setName(app.name);
        setScopes(app.scopes);
        setReady(true);
      },
      (error: Error) => setLoadError(error.message),
    );
  }, [id, t]);

  const toggle = (scope: AppScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  const submit = onSubmit({
    check,
    send: async () => {
      const trimmed = name.trim();
      if (id) {
        await updateApp({ id, name: trimmed, scopes });
        toast(t`Application saved`);
        onClose();
      } else {
        setCreated(await createApp({ name: trimmed, scopes }));
      }
    },
    failed: (failure) => {
      if (!failure.fields.name) return formOrFirst(failure);
      fail({ name: failure.fields.name });
      return null;
    },
  });

  if (created) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t`Application created: ${created.name}`}
        footer={
          <Button variant="primary" onClick={onClose}>
            {t`Done`}
          </Button>
        }
      >
        <SecretPanel app={created} />
      </Dialog>
    );
  }

  return (
    <FormDialog
      formId="app-form"
      title={id ? t`Edit application` : t`New application`}
      description={
        id ? undefined : t`A script or tool elsewhere gets its own credentials, and only the areas you allow.`
      }
      onClose={onClose}
      onSubmit={submit}
      submitLabel={id ? t`Save` : t`Create`}
      busy={busy}
      ready={ready}
      loadError={loadError}
      formError={formError}
    >
      <TextField
        label={t`Name`}
        error={errors.name}
        value={name}
        onChange={setName}
        maxLength={100}
        autoComplete="off"
        autoFocus
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-[13px] font-medium">{t`Permissions`}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {offeredScopes.map((scope) => (
            <label
              key={scope}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2"
            >
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span>{i18n._(scopeNames[scope])}</span>
              <code className="ml-auto font-mono text-[12px] text-faint">{scope}</code>
            </label>
          ))}
        </div>
        <p className="text-xs text-muted">
          {t`Each permission opens /open/<area>/… for this application's tokens; the account and the applications themselves are never open to it.`}
        </p>
      </fieldset>
    </FormDialog>
  );
}
