import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ListContent } from '../components/list/ListContent.tsx';
import { SearchBox } from '../components/list/SearchBox.tsx';
import { useSelection } from '../components/list/useSelection.ts';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import { isTypeName, type Dependency, type DependencyTypeName } from '../features/dependencies/api.ts';
import { DepBatchBar } from '../features/dependencies/BatchBar.tsx';
import { DepCards, DepTable } from '../features/dependencies/DepTable.tsx';
import { typeLabels } from '../features/dependencies/status.tsx';
import { TypeTabs } from '../features/dependencies/TypeTabs.tsx';
import { useDepActions, type DepAction } from '../features/dependencies/useDepActions.tsx';
import { useDepList } from '../features/dependencies/useDepList.ts';

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
  const [searchValue, setSearchValue] = useState('');
  const list = useDepList(type, searchValue);
  const { rows } = list;
  const { selected, onSelect, clear, chosen } = useSelection(rows, `${type}\n${searchValue}`);
  const { act, dialog } = useDepActions(clear);
  const panelId = useId();

  const filtered = searchValue.trim() !== '';
  const typeLabel = i18n._(typeLabels[type]);

  const create = (
    <Button variant="primary" onClick={() => navigate(`/dependence/modal?type=${type}`)}>
      {t`New dependency`}
    </Button>
  );
  const rowProps = {
    rows,
    selected,
    onSelect,
    onAction: (action: DepAction, dep: Dependency) => act(action, [dep]),
  };

  return (
    <div className="flex flex-col gap-3">
      {/* The page's main buttons: messages appear below them (components/ui/Toaster.tsx). */}
      <div data-toast-floor className="flex flex-wrap items-start gap-2">
        <SearchBox
          label={t`Search dependencies`}
          placeholder={t`Search dependencies`}
          value={searchValue}
          onSearch={setSearchValue}
        />
        <div className="ml-auto flex gap-2">
          <Button onClick={() => navigate('/dependence/type')}>{t`Which type?`}</Button>
          {create}
        </div>
      </div>
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-end gap-x-2 border-b border-line">
          <TypeTabs value={type} onChange={setType} panelId={panelId} />
          <Link href="/setting/dependence" className="ml-auto px-3 pb-2 text-[13px] text-primary-text hover:underline">
            {t`Mirrors and proxy`}
          </Link>
        </div>
        <div id={panelId} role="tabpanel" aria-label={typeLabel}>
          {chosen.length > 0 && <DepBatchBar deps={chosen} onAction={act} onClear={clear} />}
          <ListContent
            list={list}
            empty={
              <EmptyState
                title={filtered ? <Trans>No dependencies match</Trans> : <Trans>No {typeLabel} dependencies yet</Trans>}
                description={
                  filtered ? (
                    <Trans>Try other words.</Trans>
                  ) : type === 'nodejs' ? (
                    <Trans>
                      Node packages installed here can be required by every JavaScript and TypeScript script.
                    </Trans>
                  ) : type === 'python3' ? (
                    <Trans>Python packages installed here can be imported by every Python script.</Trans>
                  ) : (
                    <Trans>Linux packages add system commands and libraries that scripts can call.</Trans>
                  )
                }
                action={filtered ? undefined : create}
              />
            }
            wide={<DepTable {...rowProps} />}
            narrow={<DepCards {...rowProps} />}
          />
        </div>
      </Card>
      {dialog}
    </div>
  );
}
