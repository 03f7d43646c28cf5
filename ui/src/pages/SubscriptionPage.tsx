import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { PageSpinner } from '../app/FullPage.tsx';
import { Alert } from '../components/ui/Alert.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import { Input } from '../components/ui/Input.tsx';
import { BatchBar } from '../features/subscription/BatchBar.tsx';
import { SubCards, SubTable } from '../features/subscription/SubTable.tsx';
import { useSubActions } from '../features/subscription/useSubActions.tsx';
import { useSubList } from '../features/subscription/useSubList.ts';

/** /subscription: search, the list (cards on phones) kept live by status events, batch actions. */
export default function SubscriptionPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [searchValue, setSearchValue] = useState('');
  useEffect(() => {
    if (text === searchValue) return;
    const timer = setTimeout(() => setSearchValue(text), 300);
    return () => clearTimeout(timer);
  }, [text, searchValue]);
  const list = useSubList(searchValue);
  const { rows } = list;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const clear = useCallback(() => setSelected(new Set()), []);
  const { act, dialog } = useSubActions(clear);
  useEffect(clear, [searchValue, clear]);

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
  const filtered = searchValue.trim() !== '';

  const create = (
    <Button variant="primary" onClick={() => navigate('/subscription/modal')}>
      {t`New subscription`}
    </Button>
  );
  const listProps = {
    rows,
    selected,
    onSelect,
    onAction: (action: Parameters<typeof act>[0], sub: (typeof rows)[number]) => act(action, [sub]),
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start gap-2">
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md sm:flex-1">
          <Input
            type="search"
            aria-label={t`Search subscriptions`}
            placeholder={t`Search by name, link or alias`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && setSearchValue(text)}
          />
        </div>
        <div className="ml-auto flex gap-2">{create}</div>
      </div>
      <Card className="overflow-hidden">
        {chosen.length > 0 && <BatchBar subs={chosen} onAction={act} onClear={clear} />}
        {list.error && (
          <div className="p-3">
            <Alert>{list.error}</Alert>
          </div>
        )}
        {list.loading && rows.length === 0 && <PageSpinner />}
        {!list.loading && rows.length === 0 && !list.error && (
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
        )}
        {rows.length > 0 && (
          <div aria-busy={list.loading || undefined}>
            <div className="hidden md:block">
              <SubTable {...listProps} />
            </div>
            <div className="md:hidden">
              <SubCards {...listProps} />
            </div>
          </div>
        )}
      </Card>
      {dialog}
    </div>
  );
}
