import { ViewType } from '@contract/enums.ts';
import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useState } from 'react';
import { onChange } from '../../../lib/changes.ts';
import { cronsResource, listViews, type CronView } from '../api.ts';

/** The built-in view keeps the name the database gave it ('全部任务'); show it in the interface's language. */
export function viewName(view: CronView): string {
  return view.type === ViewType.system && view.name === '全部任务' ? t`All tasks` : view.name;
}

/** Views in tab order: the built-in one first, then the user's by position. */
export function ordered(views: CronView[]): CronView[] {
  return [...views].sort((a, b) => (a.type === b.type ? a.position - b.position : a.type === ViewType.system ? -1 : 1));
}

export function useViews(): { views: CronView[]; error: string | null; reload: () => void } {
  const [views, setViews] = useState<CronView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    listViews().then(
      (list) => {
        setViews(ordered(list));
        setError(null);
      },
      (failure: Error) => setError(failure.message),
    );
  }, []);
  useEffect(() => {
    load();
    return onChange(cronsResource, load);
  }, [load]);
  return { views, error, reload: load };
}
