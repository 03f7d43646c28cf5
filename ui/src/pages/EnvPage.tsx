import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ChangeEvent } from 'react';
import { useLocation } from 'wouter';
import { ListContent } from '../components/list/ListContent.tsx';
import { SearchBox } from '../components/list/SearchBox.tsx';
import { toggleIds, useSelection } from '../components/list/useSelection.ts';
import { Button } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { exportEnvs, uploadEnvs, type Env } from '../features/envs/api.ts';
import { EnvBatchBar } from '../features/envs/BatchBar.tsx';
import { EnvCards } from '../features/envs/EnvCards.tsx';
import { EnvTable } from '../features/envs/EnvTable.tsx';
import { useEnvActions, type EnvAction } from '../features/envs/useEnvActions.tsx';
import { useEnvList } from '../features/envs/useEnvList.ts';

/** /env: search, the variables (cards on phones) with masked values, reordering, batch actions, import and export. */
export default function EnvPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [searchValue, setSearchValue] = useState('');
  const list = useEnvList(searchValue);
  const { rows } = list;
  const { selected, onSelect, clear, chosen } = useSelection(rows, searchValue);
  const [revealed, setRevealed] = useState<Set<number>>(new Set());
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { act, dialog } = useEnvActions(clear);
  const filtered = searchValue.trim() !== '';

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImporting(true);
    try {
      const added = await uploadEnvs(file);
      toast(plural(added.length, { 1: 'Variable imported', other: '# variables imported' }));
    } catch (error) {
      toast((error as Error).message, 'error');
    } finally {
      setImporting(false);
    }
  };

  const create = (
    <Button variant="primary" onClick={() => navigate('/env/modal')}>
      {t`New variable`}
    </Button>
  );
  const rowProps = {
    rows,
    selected,
    onSelect,
    onAction: (action: EnvAction, env: Env) => act(action, [env]),
    revealed,
    onReveal: (id: number, on: boolean) => setRevealed((current) => toggleIds(current, [id], on)),
    reorderable: !filtered,
    onMove: list.move,
  };

  return (
    <div className="flex flex-col gap-3">
      {/* The page's main buttons: messages appear below them (components/ui/Toaster.tsx). */}
      <div data-toast-floor className="flex flex-wrap items-start gap-2">
        <SearchBox
          label={t`Search variables`}
          placeholder={t`Search name, value or remarks`}
          value={searchValue}
          onSearch={setSearchValue}
        />
        <div className="ml-auto flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="hidden"
            aria-label={t`File of variables to import`}
            onChange={onImport}
          />
          <Button onClick={() => fileInput.current?.click()} loading={importing}>
            {t`Import`}
          </Button>
          <Button onClick={() => exportEnvs(rows)} disabled={rows.length === 0}>
            {t`Export`}
          </Button>
          {create}
        </div>
      </div>
      <Card className="overflow-hidden">
        {chosen.length > 0 && <EnvBatchBar envs={chosen} onAction={act} onClear={clear} />}
        <ListContent
          list={list}
          empty={
            <EmptyState
              title={filtered ? <Trans>No variables match</Trans> : <Trans>Add your first variable</Trans>}
              description={
                filtered ? (
                  <Trans>Try other words: the search looks at names, values and remarks.</Trans>
                ) : (
                  <Trans>
                    Scripts read environment variables for cookies, tokens and settings. Several enabled variables with
                    one name reach a script as one value, joined with &amp; in list order.
                  </Trans>
                )
              }
              action={filtered ? undefined : create}
            />
          }
          notice={
            filtered && (
              <p className="border-b border-line px-3 py-1.5 text-xs text-muted">
                {t`Clear the search to reorder variables.`}
              </p>
            )
          }
          wide={<EnvTable {...rowProps} />}
          narrow={<EnvCards {...rowProps} />}
        />
        {rows.length > 0 && (
          <p className="border-t border-line px-3 py-2 text-xs text-muted">
            {plural(rows.length, {
              1: '1 variable. Its value is hidden until you show it; copying works either way.',
              other:
                '# variables. Values are hidden until you show them; copying works either way. Same-named variables are joined with & in this order.',
            })}
          </p>
        )}
      </Card>
      {dialog}
    </div>
  );
}
