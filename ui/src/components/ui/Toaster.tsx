import { useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
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

/** The spec's offset from the edges (§9). */
const offset = 24;
/** Space between the controls a message must not cover and the message. */
const gap = 8;

/**
 * Where the messages start: 24 px from the top, or, when that would cover controls, just below them. The header's
 * controls and a page's row of main buttons are marked `data-toast-floor`; they are measured while a message is
 * shown (the page may still be loading, or scroll), so a message never hides them.
 */
function useTop(active: boolean): number {
  const [top, setTop] = useState(offset);
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      let floor = 0;
      for (const el of document.querySelectorAll('[data-toast-floor]')) {
        const box = el.getBoundingClientRect();
        // A row far down the page (a stacked layout on a phone) is not worth pushing messages down for.
        if (box.height > 0 && box.bottom > floor && box.bottom < window.innerHeight / 2) floor = box.bottom;
      }
      setTop(floor > 0 ? Math.round(floor) + gap : offset);
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const observer = new MutationObserver(later);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', later, { capture: true, passive: true });
    window.addEventListener('resize', later);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
    };
  }, [active]);
  return top;
}

/**
 * Renders toasts and notifications top right, 24 px from the right edge (spec §9), below the header and the page's
 * main buttons (see `useTop`).
 */
export function Toaster() {
  const messages = useSyncExternalStore(subscribe, snapshot);
  const top = useTop(messages.length > 0);
  return (
    <div
      className="pointer-events-none fixed right-6 z-[60] flex flex-col items-end gap-2"
      style={{ top }}
      aria-live="polite"
    >
      {messages.map((message) => (
        <Item key={message.id} message={message} />
      ))}
    </div>
  );
}
