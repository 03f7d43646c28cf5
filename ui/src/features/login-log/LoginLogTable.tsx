import { LoginStatus } from '@contract/enums.ts';
import type { LoginLogEntry } from '@contract/user.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '../../components/ui/Badge.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/Table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { addressLabel } from '../account/index.ts';

function StatusBadge({ status }: { status: number }) {
  return status === LoginStatus.success ? (
    <Badge status="success">
      <Trans>Success</Trans>
    </Badge>
  ) : (
    <Badge status="failed">
      <Trans>Failed</Trans>
    </Badge>
  );
}

function PlatformName({ platform }: { platform: string }) {
  return platform === 'mobile' ? (
    <Trans>Mobile</Trans>
  ) : platform === 'desktop' ? (
    <Trans>Desktop</Trans>
  ) : (
    <>{platform}</>
  );
}

/** Sign-in attempts, newest first: a table on wide screens, a list of cards on phones. */
export function LoginLogTable({ entries }: { entries: LoginLogEntry[] }) {
  const { t } = useLingui();
  const rows = [...entries].sort((a, b) => b.timestamp - a.timestamp);
  return (
    <>
      <div className="hidden md:block">
        <Table label={t`Login log`}>
          <THead>
            <tr>
              <Th>{t`Time`}</Th>
              <Th>{t`Address`}</Th>
              <Th>{t`IP`}</Th>
              <Th>{t`Platform`}</Th>
              <Th>{t`Device`}</Th>
              <Th>{t`Status`}</Th>
            </tr>
          </THead>
          <TBody>
            {rows.map((row) => (
              <Tr key={row.id}>
                <Td>{formatDateTime(row.timestamp)}</Td>
                <Td>{addressLabel(row.address) || '—'}</Td>
                <Td className="font-mono text-[12px]">{row.ip}</Td>
                <Td>
                  <PlatformName platform={row.platform} />
                </Td>
                <Td className="max-w-72 truncate" title={row.device}>
                  {row.device || '—'}
                </Td>
                <Td>
                  <StatusBadge status={row.status} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
      <ul aria-label={t`Login log`} className="flex flex-col divide-y divide-line md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-col gap-1 px-4 py-3">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{formatDateTime(row.timestamp)}</span>
              <StatusBadge status={row.status} />
            </div>
            <div className="text-[13px] text-muted">
              <span className="font-mono">{row.ip}</span>
              {row.address && <> · {addressLabel(row.address)}</>} · <PlatformName platform={row.platform} />
            </div>
            {row.device && <div className="truncate text-[12px] text-faint">{row.device}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}
