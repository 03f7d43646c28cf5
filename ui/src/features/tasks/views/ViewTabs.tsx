import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { CronView } from '../api.ts';
import { viewName } from './useViews.ts';

/** The visible views as tabs, with buttons to add a view and to manage them. */
export function ViewTabs({
  views,
  activeId,
  onChange,
}: {
  views: CronView[];
  activeId: number | null;
  onChange: (view: CronView) => void;
}) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const shown = views.filter((v) => !v.isDisabled);
  const active = shown.find((v) => v.id === activeId) ?? shown[0];
  return (
    <div className="flex flex-wrap items-end gap-x-2 border-b border-line">
      <div
        role="tablist"
        aria-label={t`Views`}
        className="-mb-px flex w-full min-w-0 overflow-x-auto sm:w-auto sm:flex-1"
      >
        {shown.map((view) => {
          const selected = view.id === active?.id;
          return (
            <button
              key={view.id}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => onChange(view)}
              className={cn(
                'shrink-0 border-b-2 px-3 py-2 text-[13px] whitespace-nowrap transition-colors',
                selected
                  ? 'border-primary font-medium text-primary-text'
                  : 'border-transparent text-muted hover:text-fg',
              )}
            >
              {viewName(view)}
            </button>
          );
        })}
      </div>
      <div className="ml-auto flex shrink-0 gap-1 pb-1">
        <Button size="sm" variant="ghost" onClick={() => navigate('/crontab/viewCreateModal')}>
          {t`New view`}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => navigate('/crontab/viewManageModal')}>
          {t`Manage views`}
        </Button>
      </div>
    </div>
  );
}
