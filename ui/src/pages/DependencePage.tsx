import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageSpinner } from '../app/FullPage.tsx';
import { Alert } from '../components/ui/Alert.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import { Input } from '../components/ui/Input.tsx';
import { isTypeName, type DependencyTypeName } from '../features/dependence/api.ts';
import { BatchBar } from '../features/dependence/BatchBar.tsx';
import { DepCards, DepTable } from '../features/dependence/DepTable.tsx';
import { typeLabels } from '../features/dependence/status.tsx';
import { TypeTabs } from '../features/dependence/TypeTabs.tsx';
import { useDepActions } from '../features/dependence/useDepActions.tsx';
import { useDepList } from '../features/dependence/useDepList.ts';

const tabKey = 'baihu_dependence_type';

/** /dependence: a tab per type, search, the list (cards on phones) kept live by status events, batch actions. */
export default function DependencePage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const linked = new URLSearchParams(useSearch()).get('type');
  const [type, setTypeState] = useState<DependencyTypeName>(() => {
    const saved = sessionStorage.getItem(tabKey);
    return isTypeName(linked) ? linked : isTypeName(saved) ? saved : 'nodejs';
  });
  const setType = (next: DependencyTypeName) => {
    sessionStorage.setItem(tabKey, next);
    setTypeState(next);
  };
  const [text, setText] = useState('');
  const [searchValue, setSearchValue] = useState('');
  useEffect(() => {
    if (text === searchValue) return;
    const timer = setTimeout(() => setSearchValue(text), 300);
    return () => clearTimeout(timer);
  }, [text, searchValue]);
  const list = useDepList(type, searchValue);
  const { rows } = list;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const clear = useCallback(() => setSelected(new Set()), []);
  const { act, dialog } = useDepActions(clear);
  useEffect(clear, [type, searchValue, clear]);
  const panelId = useId();

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
  const typeLabel = i18n._(typeLabels[type]);

  const create = (
    <Button variant="primary" onClick={() => navigate(`/dependence/modal?type=${type}`)}>
      {t`New dependency`}
    </Button>
  );
  const listProps = {
    rows,
    selected,
    onSelect,
    onAction: (action: Parameters<typeof act>[0], dep: (typeof rows)[number]) => act(action, [dep]),
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start gap-2">
        <div className="w-full min-w-0 sm:w-auto sm:max-w-md sm:flex-1">
          <Input
            type="search"
            aria-label={t`Search dependencies`}
            placeholder={t`Search dependencies`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && setSearchValue(text)}
          />
        </div>
        <div className="ml-auto flex gap-2">
          <Button onClick={() => navigate('/dependence/type')}>{t`Which type?`}</Button>
          {create}
        </div>
      </div>
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-end gap-x-2 border-b border-line">
          <TypeTabs value={type} onChange={setType} panelId={panelId} />
          <Link
            href="/setting/dependence"
            className="ml-auto px-3 pb-2 text-[13px] text-primary hover:text-primary-hover hover:underline"
          >
            {t`Mirrors and proxy`}
          </Link>
        </div>
        <div id={panelId} role="tabpanel" aria-label={typeLabel}>
          {chosen.length > 0 && <BatchBar deps={chosen} onAction={act} onClear={clear} />}
          {list.error && (
            <div className="p-3">
              <Alert>{list.error}</Alert>
            </div>
          )}
          {list.loading && rows.length === 0 && <PageSpinner />}
          {!list.loading && rows.length === 0 && !list.error && (
            <EmptyState
              title={filtered ? <Trans>No dependencies match</Trans> : <Trans>No {typeLabel} dependencies yet</Trans>}
              description={
                filtered ? (
                  <Trans>Try other words.</Trans>
                ) : type === 'nodejs' ? (
                  <Trans>Node packages installed here can be required by every JavaScript and TypeScript script.</Trans>
                ) : type === 'python3' ? (
                  <Trans>Python packages installed here can be imported by every Python script.</Trans>
                ) : (
                  <Trans>Linux packages add system commands and libraries that scripts can call.</Trans>
                )
              }
              action={filtered ? undefined : create}
            />
          )}
          {rows.length > 0 && (
            <div aria-busy={list.loading || undefined}>
              <div className="hidden md:block">
                <DepTable {...listProps} />
              </div>
              <div className="md:hidden">
                <DepCards {...listProps} />
              </div>
            </div>
          )}
        </div>
      </Card>
      {dialog}
    </div>
  );
}
