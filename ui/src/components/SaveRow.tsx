import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './ui/Button.tsx';

/**
 * A settings card's one Save, in the one place and look every card has: the primary button below the card's fields,
 * at the start, with the card's other actions (Run now) after it. `label` names it when "Save" alone would not say
 * which card (the accessible name).
 */
export function SaveRow({ busy, label, children }: { busy: boolean; label?: string; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" variant="primary" loading={busy} aria-label={label}>
        {t`Save`}
      </Button>
      {children}
    </div>
  );
}
