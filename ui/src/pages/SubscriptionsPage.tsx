import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ListContent } from '../components/list/ListContent.tsx';
import { SearchBox } from '../components/list/SearchBox.tsx';
import { useSelection } from '../components/list/useSelection.ts';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import type { Subscription } from '../features/subscriptions/api.ts';
import { SubBatchBar } from '../features/subscriptions/BatchBar.tsx';
import { SubCards, SubTable } from '../features/subscriptions/SubTable.tsx';
import { useSubActions, type SubAction } from '../features/subscriptions/useSubActions.tsx';
import { useSubList } from '../features/subscriptions/useSubList.ts';

/** /subscription: search, the list (cards on phones) kept live by status events, batch actions. */
export default function SubscriptionPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [searchValue, setSearchValue] = useState('');
  const list = useSubList(searchValue);
  const { rows } = list;
  const { selected, onSelect, clear, chosen } = useSelection(rows, searchValue);
  const { act, dialog } = useSubActions(clear);
  const filtered = searchValue.trim() !== '';

  const create = (
    <Button variant="primary" onClick={() => navigate('/subscription/modal')}>
      {t`New subscription`}
    </Button>
  );
  const rowProps = {
    rows,
    selected,
    onSelect,
    onAction: (action: SubAction, sub: Subscription) => act(action, [sub]),
  };

  return (
    <div className="flex flex-col gap-3">
      {/* The page's main buttons: messages appear below them (components/ui/Toaster.tsx). */}
      <div data-toast-floor className="flex flex-wrap items-start gap-2">
        <SearchBox
          label={t`Search subscriptions`}
          placeholder={t`Search by name, link or alias`}
          value={searchValue}
          onSearch={setSearchValue}
        />
        <div className="ml-auto flex gap-2">{create}</div>
      </div>
      <Card className="overflow-hidden">
        {chosen.length > 0 && <SubBatchBar subs={chosen} onAction={act} onClear={clear} />}
        <ListContent
          list={list}
          empty={
            <EmptyState
              title={filtered ? <Trans>No subscriptions match</Trans> : <Trans>No subscriptions yet</Trans>}
              description={
                filtered ? (
                  <Trans>Try other words.</Trans>
                ) : (
                  <Trans>
                    A subscription pulls scripts from a git repository or a single file on a schedule, and turns the
                    scripts with a cron header into tasks.
                  </Trans>
                )
              }
              action={filtered ? undefined : create}
            />
          }
          wide={<SubTable {...rowProps} />}
          narrow={<SubCards {...rowProps} />}
        />
      </Card>
      {dialog}
    </div>
  );
}
