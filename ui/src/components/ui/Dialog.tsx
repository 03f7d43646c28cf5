import { useLingui } from '@lingui/react/macro';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const overlayClass = 'fixed inset-0 z-40 bg-black/45 data-[state=open]:animate-in';

/**
 * A modal dialog with a title, optional description, body and footer. Esc, a click outside and the close button
 * dismiss it; once something was typed or chosen in it (an `input` event inside), Esc and a click outside ask
 * before throwing that away, so a slip of the hand loses nothing. Every form dialog gets this from here.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const [edited, setEdited] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!open) setEdited(false);
  }, [open]);
  const askFirst = (event: Event) => {
    if (!edited) return;
    event.preventDefault();
    setAsking(true);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          onInput={() => setEdited(true)}
          onEscapeKeyDown={askFirst}
          onPointerDownOutside={askFirst}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-32px)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-lg border border-line bg-surface text-fg shadow-xl focus:outline-none',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div>
              <RadixDialog.Title className="text-[15px] font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-[13px] text-muted">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label={t`Close`}
              className="-mr-1 flex size-7 items-center justify-center rounded text-faint hover:bg-hover hover:text-fg"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </RadixDialog.Close>
          </div>
          {children && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {footer && <div className="flex justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t`Discard what you entered?`}
        description={t`The changes in this dialog are not saved yet.`}
        confirmLabel={t`Discard`}
        cancelLabel={t`Keep editing`}
        onConfirm={() => {
          setAsking(false);
          onOpenChange(false);
        }}
      />
    </RadixDialog.Root>
  );
}

/** A panel that slides in from the start edge: the side menu on phones. */
export function Drawer({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] flex-col bg-surface shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
