import { useLingui } from '@lingui/react/macro';

/**
 * "Skip to content": the first thing Tab reaches on every signed-in screen, hidden until focused, so a keyboard
 * user passes the menu and header in one step. It moves focus itself: under `<base href>` a bare `#main` link would
 * load the base path instead of scrolling.
 */
export function SkipLink({ target }: { target: string }) {
  const { t } = useLingui();
  return (
    <a
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(target);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
      className="sr-only rounded-md bg-primary-fill font-medium text-on-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-3 focus:py-2"
    >
      {t`Skip to content`}
    </a>
  );
}
