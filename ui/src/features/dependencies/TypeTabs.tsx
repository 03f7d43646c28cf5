import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { cn } from '../../components/ui/cn.ts';
import { typeNames, type DependencyTypeName } from './api.ts';
import { typeLabels } from './status.tsx';

/** One tab per dependency type (arrow keys move between them). */
export function TypeTabs({
  value,
  onChange,
  panelId,
}: {
  value: DependencyTypeName;
  onChange: (type: DependencyTypeName) => void;
  panelId: string;
}) {
  const { t, i18n } = useLingui();
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = typeNames[(index + step + typeNames.length) % typeNames.length]!;
    onChange(next);
    (event.currentTarget.parentElement?.querySelector(`[data-type="${next}"]`) as HTMLElement | null)?.focus();
  };
  return (
    <div role="tablist" aria-label={t`Dependency types`} className="-mb-px flex min-w-0 overflow-x-auto">
      {typeNames.map((type, index) => {
        const selected = type === value;
        return (
          <button
            key={type}
            type="button"
            role="tab"
            data-type={type}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(type)}
            onKeyDown={(e) => move(e, index)}
            className={cn(
              'shrink-0 border-b-2 px-4 py-2 text-[13px] whitespace-nowrap transition-colors',
              selected ? 'border-primary font-medium text-primary-text' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {i18n._(typeLabels[type])}
          </button>
        );
      })}
    </div>
  );
}
