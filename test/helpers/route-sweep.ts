/// <reference lib="dom" />
/**
 * A walk over every route of the route table (ui/src/routes.ts, read by ui-routes.ts) in one browser page per
 * combination the caller names (language, viewport…): the public pages before setup (/initialization, /error), the
 * login page signed out, then every page and modal of the signed-in shell with a few records to show. A route added
 * to the table is walked without a change here. The caller says what to do on each screen (screenshots and layout
 * checks in every-route.test.ts, axe in accessibility.test.ts).
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { call, initAccount, login, type TestApp } from './app.ts';
import { openPage, type PageOptions } from './browser.ts';
import { uiRoutes, type UiRoute } from './ui-routes.ts';

export interface SweepCombo {
  locale: NonNullable<PageOptions['locale']>;
  viewport: 'desktop' | 'phone';
}

/** The 1440 px desktop people use most, and the phone. */
export const sweepSizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

export const routeFileName = (path: string): string => path.replace(/^\//, '').replace(/\//g, '_') || 'root';

export interface SweepOptions<C extends SweepCombo> {
  combos: C[];
  /** Run the combinations one after another (each in its own page) instead of all at once. */
  oneAtATime?: boolean;
  /** Let the test inject scripts past the panel's content security policy (axe). */
  bypassCSP?: boolean;
  /** More signed-in screens to look at after the table's routes (a task's detail, the create dialog). */
  extras?: string[];
  /** Looks at one screen; returns what is wrong with it. */
  look(page: Page, combo: C, route: { path: string; kind: UiRoute['kind'] }): Promise<string[]>;
}

/** Goes to a path inside the app without reloading it (the router follows history), or loads it the first time. */
export async function visitRoute(page: Page, base: string, path: string, first: boolean): Promise<void> {
  const url = new URL(path.replace(/^\//, ''), base);
  if (first) await page.goto(url.href);
  else
    await page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url.pathname + url.search);
}

/** Modals get `?id=1`, the first of each seeded record. */
const target = (r: UiRoute) => (r.kind === 'modal' ? `${r.path}?id=1` : r.path);

/**
 * Walks every route in each combination on one page of its own (one context each), the panel going from "before
 * setup" to "signed in" in between; returns every problem `look` found.
 */
export async function sweepEveryRoute<C extends SweepCombo>(
  browser: Browser,
  panel: TestApp & { url: string },
  options: SweepOptions<C>,
): Promise<string[]> {
  const routes = await uiRoutes();
  assert.ok(routes.length > 30, 'the route table was read');
  const problems: string[] = [];
  const pages = new Map<C, Page>();
  for (const combo of options.combos) {
    const { context, page } = await openPage(browser, {
      locale: combo.locale,
      colorScheme: 'light',
      bypassCSP: options.bypassCSP ?? false,
    });
    await page.setViewportSize(sweepSizes[combo.viewport]);
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), combo.locale);
    pages.set(combo, page);
  }
  const each = async (step: (page: Page, combo: C) => Promise<void>) => {
    if (options.oneAtATime) for (const combo of options.combos) await step(pages.get(combo)!, combo);
    else await Promise.all(options.combos.map((combo) => step(pages.get(combo)!, combo)));
  };

  // Before setup: the wizard (and the error page, public too).
  const publicRoutes = routes.filter((r) => r.access === 'public' && r.kind === 'page' && r.path !== '/login');
  await each(async (page, combo) => {
    for (const [index, route] of publicRoutes.entries()) {
      await visitRoute(page, panel.url, route.path, index === 0);
      problems.push(...(await options.look(page, combo, route)));
    }
  });

  await initAccount(panel.app);
  const token = await login(panel.app);
  await seedRecords(panel.app, token);

  // Signed out: the login page.
  await each(async (page, combo) => {
    await visitRoute(page, panel.url, '/login', true);
    await page.getByRole('button').first().waitFor();
    problems.push(...(await options.look(page, combo, { path: '/login', kind: 'page' })));
  });

  // Signed in: every page and modal of the shell.
  const shellRoutes = routes.filter((r) => r.access === 'signedIn');
  await each(async (page, combo) => {
    await page.evaluate((token) => localStorage.setItem('baihu_token', token), token);
    for (const [index, route] of shellRoutes.entries()) {
      await visitRoute(page, panel.url, target(route), index === 0);
      await page.locator('header').first().waitFor();
      problems.push(...(await options.look(page, combo, route)));
    }
    for (const path of options.extras ?? []) {
      await visitRoute(page, panel.url, path, false);
      await page.locator('header').first().waitFor();
      problems.push(...(await options.look(page, combo, { path, kind: 'page' })));
    }
  });

  for (const page of pages.values()) await page.context().close();
  return problems;
}

/** A few records so lists are not empty: two tasks (one run that failed), variables, a subscription, a script. */
export async function seedRecords(app: TestApp['app'], token: string): Promise<void> {
  const apiBase = `${app.ctx.config.baseUrl}api`;
  const ok = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await call(app, method, `${apiBase}/${url}`, { token, payload });
    assert.equal(res.body.code, 200, `${method} ${url}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  await ok('POST', 'crons', { name: 'Daily sign-in', command: 'echo signed in; exit 3', schedule: '0 0 1 1 *' });
  await ok('POST', 'crons', {
    name: 'A task with a rather long name to see how rows and cards wrap it',
    command: 'task some/long/path/to/a/script_with_a_long_name.py',
    schedule: '*/20 * * * * *',
    labels: ['daily', 'account'],
  });
  await ok('PUT', 'crons/run', [1]);
  await ok('POST', 'envs', [
    { name: 'JD_COOKIE', value: 'pt_key=abc;pt_pin=def;', remarks: 'first account' },
    { name: 'PUSH_KEY', value: 'x'.repeat(120) },
  ]);
  await ok('POST', 'subscriptions', {
    name: 'Team scripts',
    type: 'public-repo',
    url: 'https://example.com/owner/scripts.git',
    branch: 'main',
    schedule_type: 'crontab',
    schedule: '0 3 * * *',
    is_disabled: 1,
  });
  await ok('POST', 'scripts', { filename: 'demo.js', path: '', content: 'console.log("hello");\n' });
}
