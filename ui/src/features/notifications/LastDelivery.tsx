import type { LastDelivery as Delivery } from '@contract/notification-schemas.ts';
import { notifyChannelById } from '@contract/notifications.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { localText } from './channels.ts';

/**
 * What became of the last notification sent on the owner's behalf (`api/user/notification/last-delivery`): when,
 * through which channel, and the error when it did not go — so a refused task notice is seen here, not only in a log.
 * Nothing before the first.
 */
export function LastDelivery() {
  const { t, i18n } = useLingui();
  const [last, setLast] = useState<Delivery | null>(null);

  useEffect(() => {
    api.get<Delivery | null>('user/notification/last-delivery').then(setLast, () => setLast(null));
  }, []);

  if (!last) return null;
  const when = formatDateTime(last.at);
  const channel = localText(notifyChannelById[last.channel].name, i18n.locale);
  const error = last.error ?? '';
  return (
    <Alert tone={last.ok ? 'success' : 'warning'}>
      {last.ok
        ? t`Last notification: ${when} through ${channel}, delivered.`
        : t`Last notification: ${when} through ${channel}, not delivered: ${error}`}
    </Alert>
  );
}
