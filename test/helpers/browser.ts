import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { systemClock } from '../../daemon/src/time/clock.ts';
import { initAccount, login, startApp, type TestApp } from './app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const screenshotDir = path.join(root, 'test-results', 'e2e');

/** Flags that keep Debian's Chromium from reaching for hosts this machine cannot reach. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** One Chromium per test file, closed when the test ends. Uses CHROME_PATH (set by scripts/test.sh) or Debian's. */
export async function launchBrowser(t: TestContext): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  t.after(() => browser.close());
  return browser;
}

/**
 * The real daemon (in-process, fresh data dir) listening on 127.0.0.1 with the built UI, plus its URL.
 * `npm test` builds ui/dist before the browser tier.
 */
export async function startPanel(
  t: TestContext,
  options: Parameters<typeof startApp>[1] = {},
): Promise<TestApp & { url: string }> {
  // BAIHU_TEST_UI_DIR points at another build of the UI (e.g. one made aside while ui/dist is being rebuilt).
  const uiDir = process.env.BAIHU_TEST_UI_DIR;
  // A browser test lasts many seconds of real time (2FA codes, timers in the page): the daemon follows the real clock.
  const withClock = { clock: systemClock, ...options };
  const started = await startApp(t, uiDir && !options.uiDir ? { ...withClock, uiDir } : withClock);
  const address = await started.app.listen({ port: 0, host: '127.0.0.1' });
  const base = started.app.ctx.config.baseUrl;
  return { ...started, url: `${address}${base}` };
}

/**
 * The start of most browser tests: a browser, the panel with its account made, and a session's token for
 * signedInPage (or for API calls beside the page).
 */
export async function signedInPanel(t: TestContext, options: Parameters<typeof startApp>[1] = {}) {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t, options);
  await initAccount(panel.app);
  const token = await login(panel.app);
  return { browser, panel, token };
}

export interface PageOptions {
  viewport?: keyof typeof viewports;
  locale?: 'en-US' | 'zh-CN';
  colorScheme?: 'light' | 'dark';
  /** The browser's time zone (what `Intl` reports in the page); the host's by default. */
  timezoneId?: string;
  /**
   * Let the test add scripts the panel's content security policy would refuse (axe, in accessibility.test.ts). A
   * test-only switch of the browser: the daemon's policy stays as strict as in production.
   */
  bypassCSP?: boolean;
}

/** A fresh browser context (no cookies, no storage) and page; errors in the page fail loudly in the test output. */
export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: viewports[options.viewport ?? 'desktop'],
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
}

/** Saves a screenshot under test-results/e2e/<name>.png (for people to look at; tests do not compare pixels). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** A fresh page already signed in: the token and the page's language go into localStorage before the app starts. */
export async function signedInPage(
  browser: Browser,
  token: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, options);
  await context.addInitScript(
    ([token, lang]) => {
      localStorage.setItem('baihu_token', token);
      localStorage.setItem('lang', lang);
    },
    [token, options.locale ?? 'en-US'] as const,
  );
  return { context, page };
}
