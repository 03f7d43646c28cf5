import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { whenUnauthorized } from '../lib/api.ts';
import { basePath } from '../lib/base.ts';
import { lazyPage } from '../lib/lazy.ts';
import { getToken, rememberReturnTo, setLoginNotice } from '../lib/session.ts';
import { normalisePath, redirects, resolveRoute } from '../routes.ts';
import { redirectFor } from './access.ts';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { ServerUnreachable } from './ServerUnreachable.tsx';
import { useSystem } from './system.tsx';

// The signed-in layout is a chunk of its own, so the login page does not download the menu and header.
const Layout = lazyPage(() => import('./Layout.tsx'));

/** Picks the route for the current path, applies the access rules, and draws the page (and any modal over it). */
export function RouteView() {
  const { i18n, t } = useLingui();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { info, failed, reload, setupPending } = useSystem();
  const path = normalisePath(location);
  const { page, modal } = resolveRoute(path);
  const title = i18n._(page.title);

  useEffect(() => {
    document.title = `${title} - ${t`Baihu`}`;
  }, [title, t]);

  useEffect(() => {
    whenUnauthorized((message) => {
      setLoginNotice(message);
      rememberReturnTo(window.location.pathname.slice(basePath().length) || '/');
      navigate('/login', { replace: true });
    });
  }, [navigate]);

  if (failed) return <ServerUnreachable onRetry={reload} />;
  if (!info) return <PageSpinner />;

  const redirect = redirects[path];
  // Keyed: wouter's Redirect navigates once on mount, and one redirect can lead straight to another.
  if (redirect) return <Redirect key={`${path}>${redirect}`} to={redirect} replace />;
  const signedIn = getToken() !== null;
  const target = redirectFor(path, page, { initialized: info.isInitialized, signedIn, setupPending });
  if (target) {
    if (target === '/login') rememberReturnTo(search ? `${path}?${search}` : path);
    return <Redirect key={`${path}>${target}`} to={target} replace />;
  }

  const Page = page.page;
  const Modal = modal?.modal;
  const content = (
    <ChunkErrorBoundary resetKey={path}>
      <Suspense fallback={<PageSpinner />}>
        <Page title={title} />
        {Modal && <Modal onClose={() => navigate(page.path)} />}
      </Suspense>
    </ChunkErrorBoundary>
  );
  // The signed-in frame needs an account to show; a public page seen signed out is drawn on its own.
  if (!page.shell || !signedIn) return content;
  return (
    <ChunkErrorBoundary resetKey="layout">
      <Suspense fallback={<PageSpinner />}>
        <Layout title={title} path={path}>
          {content}
        </Layout>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
