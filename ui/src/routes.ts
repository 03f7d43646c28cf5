/**
 * Every route of the app (spec §2), in one table. A page route names its lazily loaded page; a modal route names the
 * page it opens over (its parent) and, once written, its lazily loaded modal. Visiting a modal route renders the
 * parent page with the modal open, so a modal can be linked to; closing it goes back to the parent path.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lib/lazy.ts';
import type { ModalProps, PageProps } from './lib/routing.ts';

type Lazy<P> = LazyExoticComponent<ComponentType<P>>;

/** Who may see a route: anyone, or only a signed-in user. */
export type Access = 'public' | 'signedIn';

export interface PageRoute {
  kind: 'page';
  path: string;
  title: MessageDescriptor;
  page: Lazy<PageProps>;
  access: Access;
  /** Drawn inside the signed-in layout (menu + header). */
  shell: boolean;
}

export interface ModalRoute {
  kind: 'modal';
  path: string;
  parent: string;
  modal?: Lazy<ModalProps>;
}

export type AppRoute = PageRoute | ModalRoute;

const later = lazyPage(() => import('./pages/LaterPage.tsx'));
const settingLater = lazyPage(() => import('./pages/setting/SettingLaterPage.tsx'));

const area = (path: string, title: MessageDescriptor): PageRoute => ({
  kind: 'page',
  path,
  title,
  page: later,
  access: 'signedIn',
  shell: true,
});
const setting = (path: string, title: MessageDescriptor, page: Lazy<PageProps> = settingLater): PageRoute => ({
  kind: 'page',
  path,
  title,
  page,
  access: 'signedIn',
  shell: true,
});
const modal = (path: string, parent: string): ModalRoute => ({ kind: 'modal', path, parent });

export const pageRoutes: PageRoute[] = [
  { ...area('/dashboard', msg`Dashboard`), page: lazyPage(() => import('./pages/DashboardPage.tsx')) },
  {
    ...area('/crontab', msg`Scheduled Tasks`),
    page: lazyPage(() => import('./pages/TasksPage.tsx')),
  },
  {
    ...area('/crontab/detail', msg`Task Detail`),
    page: lazyPage(() => import('./pages/TaskDetailPage.tsx')),
  },
  {
    ...area('/subscription', msg`Subscriptions`),
    page: lazyPage(() => import('./pages/SubscriptionsPage.tsx')),
  },
  { ...area('/env', msg`Environment Variables`), page: lazyPage(() => import('./pages/EnvPage.tsx')) },
  { ...area('/config', msg`Configuration Files`), page: lazyPage(() => import('./pages/ConfigPage.tsx')) },
  { ...area('/script', msg`Scripts`), page: lazyPage(() => import('./pages/ScriptsPage.tsx')) },
  { ...area('/dependence', msg`Dependencies`), page: lazyPage(() => import('./pages/DependenciesPage.tsx')) },
  { ...area('/log', msg`Logs`), page: lazyPage(() => import('./pages/LogsPage.tsx')) },
  { ...area('/diff', msg`Comparison Tool`), page: lazyPage(() => import('./pages/DiffPage.tsx')) },
  setting(
    '/setting/security',
    msg`Security`,
    lazyPage(() => import('./pages/setting/SecurityPage.tsx')),
  ),
  setting(
    '/setting/notification',
    msg`Notification`,
    lazyPage(() => import('./pages/setting/NotificationsPage.tsx')),
  ),
  setting(
    '/setting/loginLog',
    msg`Login Log`,
    lazyPage(() => import('./pages/setting/LoginLogPage.tsx')),
  ),
  setting(
    '/setting/systemLog',
    msg`System Log`,
    lazyPage(() => import('./pages/setting/SystemLogPage.tsx')),
  ),
  setting(
    '/setting/dependence',
    msg`Dependence Settings`,
    lazyPage(() => import('./pages/setting/DependencySettingsPage.tsx')),
  ),
  setting(
    '/setting/other',
    msg`Other Settings`,
    lazyPage(() => import('./pages/setting/OtherSettingsPage.tsx')),
  ),
  setting(
    '/setting/about',
    msg`About`,
    lazyPage(() => import('./pages/setting/AboutPage.tsx')),
  ),
  setting(
    '/setting/checkUpdate',
    msg`Check for Updates`,
    lazyPage(() => import('./pages/setting/CheckUpdatePage.tsx')),
  ),
  setting(
    '/setting/progress',
    msg`Update Progress`,
    lazyPage(() => import('./pages/setting/UpdateProgressPage.tsx')),
  ),
  setting(
    '/setting/app',
    msg`Applications`,
    lazyPage(() => import('./pages/setting/AppsPage.tsx')),
  ),
  {
    kind: 'page',
    path: '/login',
    title: msg`Login`,
    page: lazyPage(() => import('./pages/LoginPage.tsx')),
    access: 'public',
    shell: false,
  },
  {
    kind: 'page',
    path: '/initialization',
    title: msg`Initialization`,
    page: lazyPage(() => import('./pages/InitializationPage.tsx')),
    access: 'public',
    shell: false,
  },
  {
    kind: 'page',
    path: '/error',
    title: msg`Error`,
    page: lazyPage(() => import('./pages/ErrorPage.tsx')),
    access: 'public',
    shell: false,
  },
];

export const modalRoutes: ModalRoute[] = [
  {
    ...modal('/crontab/viewCreateModal', '/crontab'),
    modal: lazyPage(() => import('./features/tasks/views/ViewFormModal.tsx')),
  },
  {
    ...modal('/crontab/viewManageModal', '/crontab'),
    modal: lazyPage(() => import('./features/tasks/views/ViewManageModal.tsx')),
  },
  { ...modal('/crontab/logModal', '/crontab'), modal: lazyPage(() => import('./features/tasks/log/LogModal.tsx')) },
  {
    ...modal('/crontab/modal', '/crontab'),
    modal: lazyPage(() => import('./features/tasks/form/CronFormModal.tsx')),
  },
  { ...modal('/crontab/type', '/crontab'), modal: lazyPage(() => import('./features/tasks/form/TypeModal.tsx')) },
  {
    ...modal('/subscription/logModal', '/subscription'),
    modal: lazyPage(() => import('./features/subscriptions/SubLogModal.tsx')),
  },
  {
    ...modal('/subscription/modal', '/subscription'),
    modal: lazyPage(() => import('./features/subscriptions/form/SubFormModal.tsx')),
  },
  { ...modal('/env/modal', '/env'), modal: lazyPage(() => import('./features/envs/EnvFormModal.tsx')) },
  { ...modal('/env/editNameModal', '/env'), modal: lazyPage(() => import('./features/envs/EditNameModal.tsx')) },
  {
    ...modal('/dependence/modal', '/dependence'),
    modal: lazyPage(() => import('./features/dependencies/DepFormModal.tsx')),
  },
  {
    ...modal('/dependence/logModal', '/dependence'),
    modal: lazyPage(() => import('./features/dependencies/DepLogModal.tsx')),
  },
  {
    ...modal('/dependence/type', '/dependence'),
    modal: lazyPage(() => import('./features/dependencies/DepTypeModal.tsx')),
  },
  // The debug run: drawn by the scripts page itself, as a panel beside the editor.
  modal('/script/editModal', '/script'),
  {
    ...modal('/script/saveModal', '/script'),
    modal: lazyPage(() => import('./features/scripts/ScriptModals.tsx').then((m) => ({ default: m.SaveAsModal }))),
  },
  {
    ...modal('/script/renameModal', '/script'),
    modal: lazyPage(() => import('./features/scripts/ScriptModals.tsx').then((m) => ({ default: m.RenameModal }))),
  },
  {
    ...modal('/script/editNameModal', '/script'),
    modal: lazyPage(() => import('./features/scripts/ScriptModals.tsx').then((m) => ({ default: m.CreateModal }))),
  },
  { ...modal('/setting/appModal', '/setting/app'), modal: lazyPage(() => import('./features/apps/AppFormModal.tsx')) },
  {
    ...modal('/script/setting', '/script'),
    modal: lazyPage(() => import('./features/editor/EditorSettingsModal.tsx')),
  },
];

/** Paths that only redirect. */
export const redirects: Record<string, string> = { '/': '/dashboard', '/setting': '/setting/security' };

export const notFoundRoute: PageRoute = {
  kind: 'page',
  path: '*',
  title: msg`Not Found`,
  page: lazyPage(() => import('./pages/NotFoundPage.tsx')),
  // Anyone may learn that a path does not exist; signed in, it is drawn inside the layout.
  access: 'public',
  shell: true,
};

const byPath = new Map<string, AppRoute>([...pageRoutes, ...modalRoutes].map((route) => [route.path, route]));

/** A path without its trailing slash ('/crontab/' → '/crontab'), '/' staying '/'. */
export const normalisePath = (path: string): string => path.replace(/\/+$/, '') || '/';

/** The page to draw for a path and the modal route (if any) open over it. */
export function resolveRoute(path: string): { page: PageRoute; modal: ModalRoute | null } {
  const route = byPath.get(normalisePath(path));
  if (!route) return { page: notFoundRoute, modal: null };
  if (route.kind === 'page') return { page: route, modal: null };
  const parent = byPath.get(route.parent);
  return parent?.kind === 'page' ? { page: parent, modal: route } : { page: notFoundRoute, modal: null };
}
