import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { PageSpinner } from '../app/FullPage.tsx';
import { Alert } from '../components/ui/Alert.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import type { CronView } from '../features/crontab/api.ts';
import { BatchBar } from '../features/crontab/list/BatchBar.tsx';
import { CronCards } from '../features/crontab/list/CronCards.tsx';
import { CronTable } from '../features/crontab/list/CronTable.tsx';
import { Pager } from '../features/crontab/list/Pager.tsx';
import { SearchBox } from '../features/crontab/list/SearchBox.tsx';
import { useCronActions } from '../features/crontab/list/useCronActions.tsx';
import { useCronList } from '../features/crontab/list/useCronList.ts';
import { useViews } from '../features/crontab/views/useViews.ts';
import { ViewTabs } from '../features/crontab/views/ViewTabs.tsx';

/** /crontab: views as tabs, search, the paged task table (cards on phones), batch actions. */
export default function CrontabPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const list = useCronList();
  const { views, error: viewsError } = useViews();
  const [activeView, setActiveView] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { params, setParams, rows } = list;
  const clear = useCallback(() => setSelected(new Set()), []);
  const { act, dialog } = useCronActions(clear);

  const chooseView = useCallback(
    (view: CronView | undefined) => {
      setActiveView(view?.id ?? null);
      setParams({
        view: view ? { filters: view.filters, sorts: view.sorts, filterRelation: view.filterRelation } : null,
      });
    },
    [setParams],
  );
  // When views change (edited, hidden), keep the chosen one if still shown, else fall back to the first.
  useEffect(() => {
    const shown = views.filter((v) => !v.isDisabled);
    if (shown.length === 0) return;
    const current = shown.find((v) => v.id === activeView) ?? shown[0];
    const query = current
      ? { filters: current.filters, sorts: current.sorts, filterRelation: current.filterRelation }
      : null;
    if (current?.id !== activeView || JSON.stringify(query) !== JSON.stringify(params.view ?? null))
      chooseView(current);
  }, [views, activeView, params.view, chooseView]);
  useEffect(clear, [params, clear]);

  const onSelect = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const chosen = useMemo(() => rows.filter((r) => selected.has(r.id)), [rows, selected]);
  const filtered = params.searchValue !== '' || (params.view?.filters.length ?? 0) > 0;
  const onSearch = useCallback((searchValue: string) => setParams({ searchValue }), [setParams]);

  const create = (
    <Button variant="primary" onClick={() => navigate('/crontab/modal')}>
      {t`New task`}
    </Button>
  );
  const onAction = (action: Parameters<typeof act>[0], cron: (typeof rows)[number]) => act(action, [cron]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start gap-2">
        <SearchBox value={params.searchValue} onSearch={onSearch} />
        <div className="ml-auto flex gap-2">
          <Button onClick={() => navigate('/crontab/type')}>{t`From a template`}</Button>
          {create}
        </div>
      </div>
      <Card className="overflow-hidden">
        <ViewTabs views={views} activeId={activeView} onChange={chooseView} />
        {chosen.length > 0 && <BatchBar crons={chosen} onAction={act} onClear={clear} />}
        {(list.error || viewsError) && (
          <div className="p-3">
            <Alert>{list.error ?? viewsError}</Alert>
          </div>
        )}
        {list.loading && rows.length === 0 && <PageSpinner />}
        {!list.loading && rows.length === 0 && !list.error && (
          <EmptyState
            title={filtered ? <Trans>No tasks match</Trans> : <Trans>Create your first task</Trans>}
            description={
              filtered ? (
                <Trans>Try other words, or another view.</Trans>
              ) : (
                <Trans>A task runs a script or a command on a schedule, by hand, or when the panel starts.</Trans>
              )
            }
            action={filtered ? undefined : create}
          />
        )}
        {rows.length > 0 && (
          <div aria-busy={list.loading || undefined}>
            <div className="hidden md:block">
              <CronTable
                rows={rows}
                sorter={params.sorter}
                onSort={(sorter) => setParams({ sorter })}
                selected={selected}
                onSelect={onSelect}
                onAction={onAction}
              />
            </div>
            <div className="md:hidden">
              <CronCards rows={rows} selected={selected} onSelect={onSelect} onAction={onAction} />
            </div>
          </div>
        )}
        {list.total > 0 && (
          <div className="border-t border-line">
            <Pager page={params.page} size={params.size} total={list.total} onChange={setParams} />
          </div>
        )}
      </Card>
      {dialog}
    </div>
  );
}
