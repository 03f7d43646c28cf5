import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ListContent } from '../components/list/ListContent.tsx';
import { Pager } from '../components/list/Pager.tsx';
import { SearchBox } from '../components/list/SearchBox.tsx';
import { useSelection } from '../components/list/useSelection.ts';
import { Alert } from '../components/ui/Alert.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import type { Cron, CronView } from '../features/tasks/api.ts';
import { CronBatchBar } from '../features/tasks/list/BatchBar.tsx';
import { CronCards } from '../features/tasks/list/CronCards.tsx';
import { CronTable } from '../features/tasks/list/CronTable.tsx';
import { useCronActions, type RowAction } from '../features/tasks/list/useCronActions.tsx';
import { useCronList } from '../features/tasks/list/useCronList.ts';
import { useViews } from '../features/tasks/views/useViews.ts';
import { ViewTabs } from '../features/tasks/views/ViewTabs.tsx';

/** /crontab: views as tabs, search, the paged task table (cards on phones), batch actions. */
export default function CrontabPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const list = useCronList();
  const { views, error: viewsError } = useViews();
  const [activeView, setActiveView] = useState<number | null>(null);
  const { params, setParams, rows } = list;
  const { selected, onSelect, clear, chosen } = useSelection(rows, params);
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

  const filtered =
    params.searchValue !== '' || (params.view?.filters.length ?? 0) > 0 || params.failedOnly || params.status !== null;
  const onSearch = useCallback((searchValue: string) => setParams({ searchValue }), [setParams]);

  const create = (
    <Button variant="primary" onClick={() => navigate('/crontab/modal')}>
      {t`New task`}
    </Button>
  );
  const onAction = (action: RowAction, cron: Cron) => act(action, [cron]);
  const rowProps = { rows, selected, onSelect, onAction };

  return (
    <div className="flex flex-col gap-3">
      {/* The page's main buttons: messages appear below them (components/ui/Toaster.tsx). */}
      <div data-toast-floor className="flex flex-wrap items-start gap-2">
        <SearchBox
          label={t`Search tasks`}
          placeholder={t`Search tasks`}
          hint={t`Any text, or name:, command:, schedule:, label: to search one field; result:failed, failed:24h`}
          value={params.searchValue}
          onSearch={onSearch}
        />
        <Button
          aria-pressed={params.failedOnly}
          onClick={() => setParams({ failedOnly: !params.failedOnly })}
          className={params.failedOnly ? 'border-status-failed text-danger-text' : undefined}
        >
          {t`Failed`}
        </Button>
        <div className="ml-auto flex gap-2">
          <Button onClick={() => navigate('/crontab/type')}>{t`From a template`}</Button>
          {create}
        </div>
      </div>
      <Card className="overflow-hidden">
        <ViewTabs views={views} activeId={activeView} onChange={chooseView} />
        {chosen.length > 0 && <CronBatchBar crons={chosen} onAction={act} onClear={clear} />}
        {viewsError && !list.error && (
          <div className="p-3">
            <Alert>{viewsError}</Alert>
          </div>
        )}
        <ListContent
          list={list}
          empty={
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
          }
          wide={<CronTable {...rowProps} sorter={params.sorter} onSort={(sorter) => setParams({ sorter })} />}
          narrow={<CronCards {...rowProps} />}
        />
        {list.total > 0 && (
          <div className="border-t border-line">
            <Pager
              page={params.page}
              size={params.size}
              total={list.total}
              sizeLabel={t`Tasks per page`}
              onChange={setParams}
            />
          </div>
        )}
      </Card>
      {dialog}
    </div>
  );
}
