import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../components/ui/cn.ts';
import { Select } from '../../components/ui/Select.tsx';

/** `also`: the modal routes drawn over a section, so its tab stays marked while one is open. */
const tabs: { path: string; title: MessageDescriptor; also?: string[] }[] = [
  { path: '/setting/security', title: msg`Security` },
  { path: '/setting/app', title: msg`Applications`, also: ['/setting/appModal'] },
  { path: '/setting/notification', title: msg`Notification` },
  { path: '/setting/loginLog', title: msg`Login Log` },
  { path: '/setting/systemLog', title: msg`System Log` },
  { path: '/setting/dependence', title: msg`Dependence Settings` },
  { path: '/setting/other', title: msg`Other Settings` },
  { path: '/setting/about', title: msg`About` },
  { path: '/setting/checkUpdate', title: msg`Check for Updates`, also: ['/setting/progress'] },
];

/**
 * The settings sections as a row of tabs (links, so each section has its own address); on a phone, where nine tabs
 * do not fit and a scrolled strip hides most of them, a menu that names the section shown.
 */
export function SettingsLayout({ children, title }: { children: ReactNode; title?: string }) {
  const { t, i18n } = useLingui();
  const [location, navigate] = useLocation();
  // The section shown, also while one of its modal routes is open over it.
  const current = tabs.find((tab) => tab.path === location || tab.also?.includes(location));
  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-center gap-2 md:hidden">
        <span className="shrink-0 text-[13px] text-muted">{t`Section`}</span>
        <Select
          aria-label={t`Settings section`}
          className="flex-1"
          value={current?.path ?? location}
          onChange={(e) => navigate(e.target.value)}
          options={[
            ...tabs.map((tab) => ({ value: tab.path, label: i18n._(tab.title) })),
            // A settings page that is not one of the sections (check for updates…) is named by its title.
            ...(current ? [] : [{ value: location, label: title ?? location }]),
          ]}
        />
      </label>
      <nav aria-label={t`Settings sections`} className="hidden overflow-x-auto border-b border-line md:block">
        <ul className="flex min-w-max gap-1">
          {tabs.map((tab) => {
            const active = tab === current;
            return (
              <li key={tab.path}>
                <Link
                  href={tab.path}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    '-mb-px block border-b-2 px-3 py-2.5 text-[14px] transition-colors',
                    active
                      ? 'border-primary font-medium text-primary-text'
                      : 'border-transparent text-muted hover:text-fg',
                  )}
                >
                  {i18n._(tab.title)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </div>
  );
}
