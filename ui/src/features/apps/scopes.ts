import { appScopes, type AppScope } from '@contract/access.ts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Each scope by the name of the area it opens, as Qinglong's screen shows them (in the spec's menu order). */
export const scopeNames: Record<AppScope, MessageDescriptor> = {
  crons: msg`Scheduled Tasks`,
  envs: msg`Environment Variables`,
  subscriptions: msg`Subscriptions`,
  configs: msg`Configuration Files`,
  scripts: msg`Scripts`,
  logs: msg`Logs`,
  dependencies: msg`Dependencies`,
  system: msg`System`,
  dashboard: msg`Dashboard`,
};

export const offeredScopes: readonly AppScope[] = appScopes;
