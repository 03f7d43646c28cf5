import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form field. It hands its control the id and ARIA wiring, so the label names the input and the error
 * text is read with it. A `warning` says something worth knowing that does not stop saving (a duplicate name); it
 * shows under the hint, and gives way to an error.
 */
export function Field({
  label,
  error,
  warning,
  hint,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  warning?: string | undefined;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const warningId = `${id}-warning`;
  const warn = warning && !error;
  const describedBy =
    [error ? errorId : null, warn ? warningId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-fg">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {warn && (
        <p id={warningId} role="status" className="text-xs text-warning-text">
          {warning}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-danger-text">
          {/* One problem per line (a pasted list names each bad line). */}
          {error.split('\n').map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
