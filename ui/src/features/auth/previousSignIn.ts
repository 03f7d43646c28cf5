import type { LoginResult } from '@contract/user.ts';
import { t } from '@lingui/core/macro';
import { notify } from '../../components/ui/toast-store.ts';
import { formatDateTime } from '../../lib/format.ts';
import { addressLabel } from '../account/index.ts';

/** Like Qinglong, tells the user where and when the account was last used, so a stranger's sign-in stands out. */
export function announcePreviousSignIn(result: LoginResult): void {
  if (!result.lastlogon) {
    notify(t`Signed in`, undefined, 'success');
    return;
  }
  const where = [result.lastip, addressLabel(result.lastaddr ?? '')].filter(Boolean).join(' · ');
  const when = formatDateTime(result.lastlogon);
  notify(t`Signed in`, t`Previous sign-in: ${when}` + (where ? `\n${t`From: ${where}`}` : ''), 'success');
}
