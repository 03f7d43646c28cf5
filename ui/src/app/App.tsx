import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { DirectionProvider } from '../components/ui/DirectionProvider.tsx';
import { Toaster } from '../components/ui/Toaster.tsx';
import { basePath } from '../lib/base.ts';
import { i18n } from '../lib/i18n.ts';
import { RouteView } from './RouteView.tsx';
import { SystemProvider } from './system.tsx';

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <DirectionProvider dir={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}>
        <SystemProvider>
          {/* The base comes from <base href> at run time, so one bundle serves any base path. */}
          <Router base={basePath()}>
            <RouteView />
          </Router>
          <Toaster />
        </SystemProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}
