import { useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from './ui/Alert.tsx';
import { Button } from './ui/Button.tsx';
import { cn } from './ui/cn.ts';
import { Dialog } from './ui/Dialog.tsx';
import { PageSpinner } from './ui/Spinner.tsx';

/** The footer of a dialog that holds a form: Cancel, and the submit button tied to the form by its id. */
export function FormFooter({
  formId,
  submitLabel,
  onCancel,
  busy,
  disabled,
}: {
  formId: string;
  submitLabel: string;
  onCancel: () => void;
  busy: boolean;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <Button onClick={onCancel}>{t`Cancel`}</Button>
      <Button type="submit" form={formId} variant="primary" loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </>
  );
}

/**
 * A modal route's form: the dialog, the form (browser validation off: the app checks and words its own messages),
 * the form-wide error above the fields, and the footer. While an edited record loads (`ready` false) it shows a
 * spinner, or `loadError` if loading failed, and saving waits.
 */
export function FormDialog({
  formId,
  title,
  description,
  className,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  ready = true,
  loadError,
  formError,
  gap = 'gap-4',
  children,
}: {
  formId: string;
  title: ReactNode;
  description?: ReactNode;
  /** The dialog's width, e.g. 'max-w-2xl!'. */
  className?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  busy: boolean;
  ready?: boolean;
  loadError?: string | null;
  formError?: string | null;
  /** Space between the fields. */
  gap?: 'gap-3' | 'gap-4';
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      className={className}
      footer={<FormFooter formId={formId} submitLabel={submitLabel} onCancel={onClose} busy={busy} disabled={!ready} />}
    >
      {loadError && <Alert>{loadError}</Alert>}
      {!ready && !loadError && <PageSpinner />}
      {ready && (
        <form id={formId} onSubmit={onSubmit} noValidate className={cn('flex flex-col', gap)}>
          {formError && <Alert>{formError}</Alert>}
          {children}
        </form>
      )}
    </Dialog>
  );
}
