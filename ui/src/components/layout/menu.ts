import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IconName } from './icons.tsx';

/** The side menu: the overview first, then the spec's order of areas. */
export const menuItems: ReadonlyArray<{ path: string; title: MessageDescriptor; icon: IconName }> = [
  { path: '/dashboard', title: msg`Dashboard`, icon: 'dashboard' },
  { path: '/crontab', title: msg`Scheduled Tasks`, icon: 'crontab' },
  { path: '/subscription', title: msg`Subscriptions`, icon: 'subscription' },
  { path: '/env', title: msg`Environment Variables`, icon: 'env' },
  { path: '/config', title: msg`Configuration Files`, icon: 'config' },
  { path: '/script', title: msg`Scripts`, icon: 'script' },
  { path: '/dependence', title: msg`Dependencies`, icon: 'dependence' },
  { path: '/log', title: msg`Logs`, icon: 'log' },
  { path: '/diff', title: msg`Comparison Tool`, icon: 'diff' },
  { path: '/setting', title: msg`System Settings`, icon: 'setting' },
];

export const isActive = (itemPath: string, path: string): boolean =>
  path === itemPath || path.startsWith(`${itemPath}/`);
