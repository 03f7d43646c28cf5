import type { ReactNode } from 'react';

/** Every status of the product, each with its one colour token (styles.css). */
export type Status = 'idle' | 'running' | 'queued' | 'disabled' | 'failed' | 'success' | 'installed';

/**
 * A status shown as text with a coloured dot; the colour only repeats what the text says. The text colour is the
 * status colour mixed with the foreground, so it stays readable on light and dark surfaces.
 */
export function Badge({ status, children }: { status: Status; children: ReactNode }) {
  const colour = `var(--color-status-${status})`;
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border px-2 py-px text-xs font-medium whitespace-nowrap"
      style={{
        color: `color-mix(in srgb, ${colour} 45%, var(--color-fg))`,
        backgroundColor: `color-mix(in srgb, ${colour} 12%, transparent)`,
        borderColor: `color-mix(in srgb, ${colour} 35%, transparent)`,
      }}
    >
      <span className="size-1.5 rounded-full" style={{ backgroundColor: colour }} aria-hidden="true" />
      {children}
    </span>
  );
}
