import { EnvStatus } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '../../components/ui/Badge.tsx';
import type { Env } from './api.ts';

/** Enabled or disabled, as text with its colour. */
export function EnvStatusBadge({ env }: { env: Pick<Env, 'status'> }) {
  const { t } = useLingui();
  return env.status === EnvStatus.disabled ? (
    <Badge status="disabled">{t`Disabled`}</Badge>
  ) : (
    <Badge status="success">{t`Enabled`}</Badge>
  );
}
