/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initAccount, login } from '../helpers/app.ts';
import { launchBrowser, openPage, screenshot, startPanel } from '../helpers/browser.ts';

test('other settings: task concurrency and time zone are validated, saved and in force at once', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  await initAccount(panel.app);
  const token = await login(panel.app);
  const { context, page } = await openPage(browser);
  await context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);

  await page.goto(`${panel.url}setting/other`);
  const concurrency = page.getByLabel('Task concurrency', { exact: true });
  await concurrency.fill('0');
  await page.getByRole('button', { name: 'Save Task concurrency' }).click();
  await page.getByText('Task concurrency must be a whole number from 1 to 64').waitFor();
  await concurrency.fill('3');
  await page.getByRole('button', { name: 'Save Task concurrency' }).click();
  await page.getByText('Task concurrency saved').waitFor();
  await page.getByLabel('Time zone', { exact: true }).fill('Asia/Shanghai');
  await page.getByRole('button', { name: 'Save Time zone' }).click();
  await page.getByText('Time zone saved').waitFor();
  await screenshot(page, 'settings-other-desktop-en-light');
  assert.equal(panel.app.ctx.cronEngine.timezone(), 'Asia/Shanghai');
  assert.equal(panel.app.ctx.settings.get('cronConcurrency'), 3);

  const phone = await openPage(browser, { viewport: 'phone', colorScheme: 'dark' });
  await phone.context.addInitScript((value) => {
    localStorage.setItem('baihu_token', value);
    localStorage.setItem('lang', 'zh');
  }, token);
  await phone.page.goto(`${panel.url}setting/other`);
  await phone.page.getByLabel('时区', { exact: true }).waitFor();
  assert.equal(await phone.page.getByLabel('时区', { exact: true }).inputValue(), 'Asia/Shanghai');
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page is ${overflow}px wider than the phone`);
  await screenshot(phone.page, 'settings-other-phone-zh-dark');
});
