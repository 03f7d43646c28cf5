/// <reference lib="dom" />
/**
 * Settings → Applications in a real browser against the real daemon: create an application, see its secret once
 * (copy button, then never again), use the credentials as a Qinglong client would, reset and delete; the same in
 * Chinese at phone width. Screenshots in test-results/e2e.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppToken } from '../../daemon/src/contract/apps.ts';
import { call } from '../helpers/app.ts';
import { openPage, screenshot, signedInPanel } from '../helpers/browser.ts';

test('applications: create shows the secret once with a copy button; the credentials open /open; reset and delete revoke', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const { context, page } = await openPage(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);

  await page.goto(`${panel.url}setting/app`);
  await page.getByText('No applications yet').waitFor();
  await page.getByRole('button', { name: 'New application' }).click();
  await page.waitForURL(/\/setting\/appModal$/);
  const dialog = page.getByRole('dialog', { name: 'New application' });
  await dialog.getByLabel('Name').fill('system');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByText('"system" is a reserved name; choose another').waitFor();
  await dialog.getByLabel('Name').fill('cookie sync');
  await dialog.getByRole('checkbox', { name: /Environment Variables/ }).check();
  await dialog.getByRole('checkbox', { name: /Scheduled Tasks/ }).check();
  await screenshot(page, 'apps-form-desktop-en-light');
  await dialog.getByRole('button', { name: 'Create' }).click();

  const created = page.getByRole('dialog', { name: 'Application created: cookie sync' });
  await created.getByText('it is shown only this once').waitFor();
  const clientId = (await created.getByLabel('Client ID', { exact: true }).textContent())!;
  const secret = (await created.getByLabel('Client Secret', { exact: true }).textContent())!;
  assert.match(clientId, /^[A-Za-z0-9]{12}$/);
  assert.match(secret, /^[A-Za-z0-9]{24}$/);
  await created.getByRole('button', { name: 'Copy Client Secret' }).click();
  await page.getByText('Client Secret copied').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
  await screenshot(page, 'apps-secret-desktop-en-light');
  await created.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(/\/setting\/app$/);

  // The list shows the app, never its secret.
  const row = page.getByRole('row', { name: /cookie sync/ });
  await row.waitFor();
  assert.match((await row.textContent())!, new RegExp(clientId));
  assert.equal((await page.content()).includes(secret), false, 'the secret is not on the page any more');
  await screenshot(page, 'apps-list-desktop-en-light');

  // A Qinglong client with these credentials.
  const exchange = async (s: string) =>
    call(panel.app, 'GET', `/open/auth/token?client_id=${clientId}&client_secret=${s}`);
  const first = ((await exchange(secret)).body.data as AppToken).token;
  assert.equal((await call(panel.app, 'GET', '/open/envs', { token: first })).body.code, 200);
  assert.equal((await call(panel.app, 'GET', '/open/scripts', { token: first })).status, 401);

  // Reset: a new secret shown once, the old token refused at once.
  await page.getByRole('button', { name: 'More actions for cookie sync' }).click();
  await page.getByRole('menuitem', { name: 'Reset secret' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset secret' }).click();
  const renewed = page.getByRole('dialog', { name: 'New secret of cookie sync' });
  const newSecret = (await renewed.getByLabel('Client Secret', { exact: true }).textContent())!;
  assert.notEqual(newSecret, secret);
  await renewed.getByRole('button', { name: 'Done' }).click();
  assert.equal((await call(panel.app, 'GET', '/open/envs', { token: first })).status, 401);
  assert.equal((await exchange(secret)).body.code, 400);
  const second = ((await exchange(newSecret)).body.data as AppToken).token;

  // Edit the permissions: the live token follows them at once.
  await page.getByRole('button', { name: 'Edit cookie sync' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit application' });
  await edit.getByRole('checkbox', { name: /Scripts/ }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Application saved').waitFor();
  assert.equal((await call(panel.app, 'GET', '/open/scripts', { token: second })).body.code, 200);

  // The API reference lists the routes with the permission that opens them.
  await page.getByRole('button', { name: 'Show the API reference' }).click();
  await page.getByLabel('Filter routes').fill('/envs/{id}/move');
  const routes = page.getByRole('list', { name: 'API routes' });
  await routes.getByText('/envs/{id}/move').waitFor();
  assert.match((await routes.textContent())!, /an application with envs/);
  await page.getByLabel('Filter routes').fill('envs');
  await routes.getByText('/envs/{id}/move').click();
  await screenshot(page, 'apps-api-reference-desktop-en-light');

  await page.getByRole('button', { name: 'More actions for cookie sync' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Application deleted: cookie sync').waitFor();
  assert.equal((await call(panel.app, 'GET', '/open/envs', { token: second })).status, 401);
});

test('applications at phone width in Chinese: the form, the one-time secret and the list fit the screen', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const phone = await openPage(browser, { viewport: 'phone', colorScheme: 'dark' });
  await phone.context.addInitScript((value) => {
    localStorage.setItem('baihu_token', value);
    localStorage.setItem('lang', 'zh');
  }, token);
  const { page } = phone;
  const fits = async (where: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${where}: the page is ${overflow}px wider than the phone`);
  };

  await page.goto(`${panel.url}setting/appModal`);
  const dialog = page.getByRole('dialog', { name: '创建应用' });
  // The phone's section menu names the section under the form, not the form's address (the dialog hides it from
  // the accessibility tree, hence CSS).
  const section = page.locator('select[aria-label="设置分类"]');
  assert.equal(await section.inputValue(), '/setting/app');
  assert.equal(await section.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent), '应用设置');
  await dialog.getByLabel('名称').fill('备份脚本');
  await dialog.getByRole('checkbox', { name: /系统信息/ }).check();
  await screenshot(page, 'apps-form-phone-zh-dark');
  await dialog.getByRole('button', { name: '创建' }).click();
  const created = page.getByRole('dialog', { name: '应用已创建：备份脚本' });
  await created.getByText('它只显示这一次').waitFor();
  await fits('secret');
  await screenshot(page, 'apps-secret-phone-zh-dark');
  await created.getByRole('button', { name: '完成' }).click();
  await page.getByRole('list', { name: '应用设置' }).getByText('备份脚本').waitFor();
  await fits('list');
  await screenshot(page, 'apps-list-phone-zh-dark');
});
