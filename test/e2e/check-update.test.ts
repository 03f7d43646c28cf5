/// <reference lib="dom" />
/**
 * Check for Updates without a release feed (an image built without BAIHU_RELEASE_FEED, none set): the page says
 * calmly where updates come from and that none is set, its tab is in the settings bar, and a visit sends no request
 * that fails — it never asks the daemon to read a feed it does not have. With a feed set (a release server on
 * 127.0.0.1) it checks at once. English and Chinese, light and dark, 1440 and 390 px.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { call, initAccount, login } from '../helpers/app.ts';
import { launchBrowser, screenshot, signedInPage, signedInPanel, startPanel } from '../helpers/browser.ts';
import { layoutProblems, settle } from '../helpers/layout-checks.ts';
import { startReleaseServer } from '../helpers/releases.ts';

/** Every API request of the page and how it went: a status over 399, or an envelope code that is not 200, failed. */
function recordApi(page: Page) {
  const seen: { url: string; failed: boolean }[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.includes('/api/')) return;
    let failed = response.status() >= 400;
    if (!failed && (response.headers()['content-type'] ?? '').includes('json')) {
      const body = (await response.json().catch(() => null)) as { code?: number } | null;
      failed = body !== null && typeof body.code === 'number' && body.code !== 200;
    }
    seen.push({ url, failed });
  });
  return seen;
}

const texts = {
  en: { tab: 'Check for Updates', calm: 'No release feed is set', sections: 'Settings sections' },
  zh: { tab: '检查更新', calm: '未设置发布源', sections: '设置分类' },
};

for (const combo of [
  { lang: 'en', locale: 'en-US', colorScheme: 'light', size: { width: 1440, height: 900 } },
  { lang: 'zh', locale: 'zh-CN', colorScheme: 'dark', size: { width: 1440, height: 900 } },
  { lang: 'en', locale: 'en-US', colorScheme: 'dark', size: { width: 390, height: 844 } },
  { lang: 'zh', locale: 'zh-CN', colorScheme: 'light', size: { width: 390, height: 844 } },
] as const) {
  const name = `${combo.lang}-${combo.size.width}-${combo.colorScheme}`;
  test(`check for updates without a feed: calm, in the settings bar, no failing request (${name})`, async (t) => {
    const { browser, panel, token } = await signedInPanel(t);
    const { page } = await signedInPage(browser, token, { locale: combo.locale, colorScheme: combo.colorScheme });
    await page.setViewportSize(combo.size);
    const l = texts[combo.lang];
    const requests = recordApi(page);

    await page.goto(`${panel.url}setting/checkUpdate`);
    await page.getByText(l.calm).waitFor();
    await settle(page);
    assert.equal(await page.getByRole('alert').count(), 0, 'no error on the page');
    if (combo.size.width > 767) {
      const tab = page.getByRole('navigation', { name: l.sections }).getByRole('link', { name: l.tab });
      assert.equal(await tab.getAttribute('aria-current'), 'page', 'its tab is in the bar, marked');
    } else {
      assert.equal(await page.getByRole('combobox').first().inputValue(), '/setting/checkUpdate');
    }
    assert.deepEqual(
      requests.filter((r) => r.failed),
      [],
      'no request of the visit failed',
    );
    assert.equal(requests.filter((r) => r.url.includes('update-check')).length, 0, 'no feed is read');
    assert.deepEqual(await layoutProblems(page), []);
    await screenshot(page, `check-update-no-feed-${name}`);
  });
}

test('check for updates with a feed set: it checks at once and names the feed', async (t) => {
  const browser = await launchBrowser(t);
  const server = await startReleaseServer(t);
  server.feed([]);
  const feedUrl = `${server.url}/feed.json`;
  const panel = await startPanel(t);
  await initAccount(panel.app);
  const token = await login(panel.app);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  const saved = await call(panel.app, 'PUT', `${api}/system/config/update`, {
    token,
    payload: { updateEnabled: true, updateFeedUrl: feedUrl },
  });
  assert.equal(saved.body.code, 200, JSON.stringify(saved.body));
  const { page } = await signedInPage(browser, token);
  const requests = recordApi(page);
  await page.goto(`${panel.url}setting/checkUpdate`);
  await page.getByText('You are on the latest version').waitFor();
  await page.getByText(feedUrl).waitFor();
  assert.equal(requests.filter((r) => r.url.includes('update-check')).length, 1);
});
