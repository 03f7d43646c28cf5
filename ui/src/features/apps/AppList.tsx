import { Trans, useLingui } from '@lingui/react/macro';
import { RowActions } from '../../components/list/RowActions.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/Table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import type { App } from './api.ts';
import { scopeNames } from './scopes.ts';

export interface AppActions {
  edit: (app: App) => void;
  reset: (app: App) => void;
  remove: (app: App) => void;
}

function Scopes({ app }: { app: App }) {
  const { i18n } = useLingui();
  if (app.scopes.length === 0) {
    return (
      <span className="text-faint">
        <Trans>None</Trans>
      </span>
    );
  }
  return (
    <ul className="flex flex-wrap gap-1">
      {app.scopes.map((scope) => (
        <li key={scope} className="rounded border border-line bg-subtle px-1.5 py-px text-[12px]" title={scope}>
          {i18n._(scopeNames[scope])}
        </li>
      ))}
    </ul>
  );
}

function Actions({ app, actions }: { app: App; actions: AppActions }) {
  const { t } = useLingui();
  return (
    <RowActions
      name={app.name}
      buttons={[{ label: t`Edit ${app.name}`, title: t`Edit`, icon: 'edit', onClick: () => actions.edit(app) }]}
      menu={[
        { label: t`Reset secret`, onSelect: () => actions.reset(app) },
        { label: t`Delete`, onSelect: () => actions.remove(app), danger: true },
      ]}
    />
  );
}

/** The applications: a table on wide screens, cards on phones. Secrets are never listed (only their owner saw them). */
export function AppList({ apps, actions }: { apps: App[]; actions: AppActions }) {
  const { t } = useLingui();
  return (
    <>
      <div className="hidden md:block">
        <Table label={t`Applications`}>
          <THead>
            <tr>
              <Th>{t`Name`}</Th>
              <Th>{t`Client ID`}</Th>
              <Th>{t`Permissions`}</Th>
              <Th>{t`Live tokens`}</Th>
              <Th>{t`Created`}</Th>
              <Th className="w-20">
                <span className="sr-only">{t`Actions`}</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {apps.map((app) => (
              <Tr key={app.id}>
                <Td className="font-medium">{app.name}</Td>
                <Td className="font-mono text-[12px] select-all">{app.client_id}</Td>
                <Td>
                  <Scopes app={app} />
                </Td>
                <Td>{app.tokens}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(Date.parse(app.createdAt))}</Td>
                <Td>
                  <Actions app={app} actions={actions} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
      <ul aria-label={t`Applications`} className="flex flex-col divide-y divide-line md:hidden">
        {apps.map((app) => (
          <li key={app.id} className="flex flex-col gap-2 px-4 py-3">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate font-medium">{app.name}</span>
              <Actions app={app} actions={actions} />
            </div>
            <div className="text-[13px] text-muted">
              <span className="font-mono select-all">{app.client_id}</span> · <Trans>{app.tokens} live tokens</Trans>
            </div>
            <Scopes app={app} />
          </li>
        ))}
      </ul>
    </>
  );
}
