import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { cn } from './cn.ts';
import { dismiss, snapshot, subscribe, type Message, type Tone } from './toast-store.ts';

const toneColour: Record<Tone, string> = {
  success: 'var(--color-status-success)',
  error: 'var(--color-status-failed)',
  info: 'var(--color-primary)',
  warning: 'var(--color-status-queued)',
};

function ToneIcon({ tone }: { tone: Tone }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mt-0.5 size-4 shrink-0"
      fill="none"
      stroke={toneColour[tone]}
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9.5" />
      {tone === 'success' && <path d="M8 12.5l3 3 5-6" />}
      {tone === 'error' && <path d="M9 9l6 6M15 9l-6 6" />}
      {(tone === 'info' || tone === 'warning') && <path d="M12 11v5M12 7.5v.5" />}
    </svg>
  );
}

function Item({ message }: { message: Message }) {
  const { t } = useLingui();
  const notification = message.kind === 'notification';
  return (
    <div
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex items-start gap-2.5 rounded-lg border border-line bg-surface text-fg shadow-lg',
        notification ? 'w-[min(384px,calc(100vw-48px))] p-4' : 'max-w-[calc(100vw-48px)] px-4 py-2.5',
      )}
    >
      <ToneIcon tone={message.tone} />
      <div className="min-w-0 flex-1">
        <p className={cn(notification && 'font-semibold')}>{message.title}</p>
        {message.description && (
          <p className="mt-1 text-[13px] whitespace-pre-line text-muted">{message.description}</p>
        )}
      </div>
      {notification && (
        <button
          type="button"
          aria-label={t`Dismiss`}
          onClick={() => dismiss(message.id)}
          className="text-faint hover:text-fg"
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
        </button>
      )}
    </div>
  );
}

/** Renders toasts and notifications top right, 24 px from the edges (spec §9). */
export function Toaster() {
  const messages = useSyncExternalStore(subscribe, snapshot);
  return (
    <div className="pointer-events-none fixed top-6 right-6 z-[60] flex flex-col items-end gap-2" aria-live="polite">
      {messages.map((message) => (
        <Item key={message.id} message={message} />
      ))}
    </div>
  );
}
