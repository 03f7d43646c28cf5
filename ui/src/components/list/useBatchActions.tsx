import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toast-store.ts';

/** An action that asks first (delete): what the dialog says and what confirming does. */
export interface Confirmation<Row> {
  title: (rows: Row[]) => string;
  /** What else happens, by the rows asked about (one or many) and the option's state. */
  description: (rows: Row[], option: boolean) => string;
  confirmLabel: string;
  /** A checkbox in the dialog that changes what confirming does (a subscription's "also delete its files"). */
  option?: (rows: Row[]) => string;
  run: (ids: number[], option: boolean) => Promise<unknown>;
  /** The toast once it is done. */
  done: (rows: Row[], option: boolean) => string;
}

export interface BatchActions<Row, Now extends string, Other extends string> {
  /** The actions done at once for every row given, in one request (run, enable, pin…). */
  batch: (action: Now, ids: number[]) => Promise<unknown>;
  /** The toast after each of them, by how many rows it reached. */
  done: Record<Now, (n: number) => string>;
  /** Actions that open a modal route (log, edit): the path to go to. */
  open?: Partial<Record<Other, (rows: Row[]) => string>>;
  /** Actions that ask first. */
  confirm?: Partial<Record<Other, Confirmation<Row>>>;
}

/**
 * An area's row and batch actions in one place, for one row or a selection alike: some go straight to the server
 * (and say so in a toast; the list follows by itself, lib/changes.ts), some open a modal route, some ask first. A refusal from the server ('Task not running')
 * becomes an error toast. `after` runs once an action has gone through (the page clears its selection). Render
 * `dialog` once, anywhere on the page.
 */
export function useBatchActions<Row extends { id: number }, Now extends string, Other extends string>(
  actions: BatchActions<Row, Now, Other>,
  after?: () => void,
): { act: (action: Now | Other, rows: Row[]) => Promise<void>; dialog: ReactNode } {
  const [, navigate] = useLocation();
  // The dialog keeps its last content while it closes, so its words do not change under the closing animation.
  const [asking, setAsking] = useState<{ confirmation: Confirmation<Row>; rows: Row[] } | null>(null);
  const [open, setOpen] = useState(false);
  const [option, setOption] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (action: Now | Other, rows: Row[]) => {
    if (rows.length === 0) return;
    const path = actions.open?.[action as Other];
    if (path) return navigate(path(rows));
    const confirmation = actions.confirm?.[action as Other];
    if (confirmation) {
      setOption(false);
      setAsking({ confirmation, rows });
      setOpen(true);
      return;
    }
    try {
      await actions.batch(
        action as Now,
        rows.map((row) => row.id),
      );
      toast(actions.done[action as Now](rows.length));
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };

  const confirm = async () => {
    if (!asking) return;
    const { confirmation, rows } = asking;
    setBusy(true);
    try {
      await confirmation.run(
        rows.map((row) => row.id),
        option,
      );
      toast(confirmation.done(rows, option));
      setOpen(false);
      after?.();
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const dialog = asking && <ConfirmationDialog {...asking} {...{ open, setOpen, option, setOption, busy, confirm }} />;
  return { act, dialog };
}

function ConfirmationDialog<Row>({
  confirmation,
  rows,
  open,
  setOpen,
  option,
  setOption,
  busy,
  confirm,
}: {
  confirmation: Confirmation<Row>;
  rows: Row[];
  open: boolean;
  setOpen: (open: boolean) => void;
  option: boolean;
  setOption: (on: boolean) => void;
  busy: boolean;
  confirm: () => void;
}) {
  const text = confirmation.description(rows, option);
  const optionLabel = confirmation.option?.(rows);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={confirmation.title(rows)}
      description={
        optionLabel ? (
          <span className="flex flex-col gap-3">
            <span>{text}</span>
            <label className="inline-flex items-center gap-2 text-fg">
              <input
                type="checkbox"
                checked={option}
                onChange={(e) => setOption(e.target.checked)}
                className="size-4 accent-primary"
              />
              {optionLabel}
            </label>
          </span>
        ) : (
          text
        )
      }
      confirmLabel={confirmation.confirmLabel}
      onConfirm={confirm}
      busy={busy}
    />
  );
}
