/// <reference lib="dom" />
/**
 * A finished setup: a panel whose account was made by `PUT /api/user/init` (how Qinglong's clients and scripts set
 * one up) is usable on every route, unknown paths included, with notifications in Settings; the wizard's Qinglong
 * step survives a reload, does not tick "use Qinglong's account" for the user, and its five steps fit the card at
 * 1440 px (and at 390 px), in English and Chinese, light and dark.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { account, call, login } from '../helpers/app.ts';
import { launchBrowser, openPage, screenshot, signedInPage, startPanel, type PageOptions } from '../helpers/browser.ts';
import { layoutProblems, settle } from '../helpers/layout-checks.ts';
import { uiRoutes } from '../helpers/ui-routes.ts';

/** Goes to a path inside the app without reloading it (the router follows history). */
async function visit(page: Page, base: string, path: string): Promise<void> {
  await page.evaluate(
    (target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    new URL(path.replace(/^\//, ''), base).pathname,
  );
}

test('a panel set up through PUT /api/user/init is usable on every route; notifications wait in Settings', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  const init = await call(panel.app, 'PUT', `${api}/user/init`, { payload: account });
  assert.equal(init.body.code, 200, JSON.stringify(init.body));
  const token = await login(panel.app);

  const routes = (await uiRoutes()).filter((r) => r.kind === 'page' && r.access === 'signedIn');
  const { page } = await signedInPage(browser, token);
  await page.goto(`${panel.url}dashboard`);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  const wizard = page.getByRole('list', { name: 'Setup progress' });
  for (const path of [...routes.map((r) => r.path), '/no-such-page', '/setting/no-such-section']) {
    await visit(page, panel.url, path);
    await page.locator('main').first().waitFor();
    await settle(page);
    const shown = new URL(page.url()).pathname.slice(panel.app.ctx.config.baseUrl.length - 1);
    assert.notEqual(shown, '/initialization', `${path} is not sent to the wizard`);
    assert.equal(await wizard.count(), 0, `${path} shows no setup step`);
  }
  // The optional step of the wizard is where it always is.
  await visit(page, panel.url, '/setting/notification');
  await page.getByRole('button', { name: 'Save' }).first().waitFor();
  await screenshot(page, 'setup-api-init-notification-settings');
});

async function toQinglongStep(page: Page, base: string, lang: 'en' | 'zh') {
  const l = lang === 'en' ? english : chinese;
  await page.goto(base);
  await page.waitForURL(/\/initialization$/);
  await page.getByRole('button', { name: l.moving }).click();
  await page.getByLabel(l.username).fill(account.username);
  await page.getByLabel(l.password, { exact: true }).fill(account.password);
  await page.getByLabel(l.confirm).fill(account.password);
  await page.getByRole('button', { name: l.create }).click();
  await page.getByRole('heading', { name: l.heading }).waitFor();
}

const english = {
  moving: 'I have a Qinglong data folder',
  username: 'Username',
  password: 'Password',
  confirm: 'Confirm password',
  create: 'Create account',
  heading: 'Moving from Qinglong?',
  replace: "Use Qinglong's account",
  steps: 'Setup progress',
  qinglong: 'Qinglong',
};
const chinese = {
  moving: '我有青龙数据目录',
  username: '用户名',
  password: '密码',
  confirm: '确认密码',
  create: '创建账户',
  heading: '从青龙迁移？',
  replace: '使用青龙的账户',
  steps: '设置进度',
  qinglong: '青龙',
};

/** The stepper lies inside its card: no step sticks out, none is cut. */
async function assertStepsFit(page: Page, label: string) {
  const fit = await page.getByRole('list', { name: label }).evaluate((list) => {
    const card = list.parentElement!.getBoundingClientRect();
    const steps = Array.from(list.children).map((li) => li.getBoundingClientRect());
    return {
      scrolls: list.scrollWidth > list.clientWidth + 1,
      outside: steps.filter((r) => r.left < card.left - 1 || r.right > card.right + 1).length,
      count: list.querySelectorAll('li[aria-hidden="true"]').length + 1,
    };
  });
  assert.deepEqual(fit, { scrolls: false, outside: 0, count: 5 }, 'five steps, each inside the card');
  await settle(page);
  assert.deepEqual(await layoutProblems(page), []);
}

for (const combo of [
  { lang: 'en', locale: 'en-US', colorScheme: 'light', size: { width: 1440, height: 900 } },
  { lang: 'zh', locale: 'zh-CN', colorScheme: 'dark', size: { width: 1440, height: 900 } },
  { lang: 'en', locale: 'en-US', colorScheme: 'dark', size: { width: 390, height: 844 } },
  { lang: 'zh', locale: 'zh-CN', colorScheme: 'light', size: { width: 390, height: 844 } },
] as const) {
  const name = `${combo.lang}-${combo.size.width}-${combo.colorScheme}`;
  test(`the wizard's Qinglong step: kept on reload, its account box unticked, five steps that fit (${name})`, async (t) => {
    const browser = await launchBrowser(t);
    const panel = await startPanel(t);
    const options: PageOptions = { locale: combo.locale, colorScheme: combo.colorScheme };
    const { page } = await openPage(browser, options);
    await page.setViewportSize(combo.size);
    const l = combo.lang === 'en' ? english : chinese;
    await toQinglongStep(page, panel.url, combo.lang);
    assert.equal(await page.getByRole('checkbox', { name: l.replace }).isChecked(), false);
    await assertStepsFit(page, l.steps);
    await screenshot(page, `setup-qinglong-step-${name}`);

    await page.reload();
    await page.getByRole('heading', { name: l.heading }).waitFor();
    const steps = page.getByRole('list', { name: l.steps });
    if (combo.size.width > 640) await steps.getByText(l.qinglong, { exact: true }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: l.replace }).isChecked(), false);
    await assertStepsFit(page, l.steps);
  });
}
