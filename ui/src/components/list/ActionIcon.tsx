const paths = {
  play: 'M7 4.5v15l12-7.5-12-7.5Z',
  stop: 'M6.5 6.5h11v11h-11z',
  log: 'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9l-6-6ZM14 3v6h6M8 13h8M8 17h5',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  pin: 'M9 4h6l-1 6 3 3H7l3-3-1-6ZM12 13v8',
  edit: 'M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4',
  reinstall: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
} as const;

export type ActionIconName = keyof typeof paths;

/** Small line icons for the lists' row actions. */
export function ActionIcon({ name, className = 'size-4' }: { name: ActionIconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3.5 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
