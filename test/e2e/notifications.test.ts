import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { account, call, login } from '../helpers/app.ts';
import { launchBrowser, openPage, screenshot as save, signedInPanel, startPanel } from '../helpers/browser.ts';
import { startRecorder, type Recorded } from '../helpers/recorder.ts';

/** A full-page screenshot from the top, so the sticky header sits where a person sees it. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await save(page, name);
}

const jsonBody = '{"title":"$title","text":"$content"}';

/** Fills the webhook channel's form (labels as given, English or Chinese). */
async function fillWebhook(
  page: Page,
  url: string,
  names = { channel: 'Channel', method: 'Method', type: 'Content type', url: 'URL', body: 'Body' },
) {
  await page.getByRole('combobox', { name: names.channel }).selectOption('webhook');
  await page.getByRole('combobox', { name: names.method }).selectOption('POST');
  await page.getByRole('combobox', { name: names.type }).selectOption('application/json');
  await page.getByRole('textbox', { name: names.url, exact: true }).fill(url);
  await page.getByRole('textbox', { name: names.body, exact: true }).fill(jsonBody);
}

/** The test message arrived with $title substituted in the URL and in the JSON body. */
function assertTestMessage(request: Recorded) {
  assert.equal(request.method, 'POST');
  const title = new URL(request.url, 'http://x').searchParams.get('t');
  const body = JSON.parse(request.body) as { title: string; text: string };
  assert.ok(title && !title.includes('$title'), `title substituted in the URL: ${request.url}`);
  assert.equal(body.title, title);
  assert.ok(body.text && !body.text.includes('$content'));
}

test('settings page: webhook saved after a test, refused channel keeps the old settings, send test, task policy', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const hook = await startRecorder(t, () => ({ body: 'ok' }));
  const failing = await startRecorder(t, () => ({ status: 500, body: { message: 'quota exceeded' } }));
  const goodUrl = `${hook.url}/hook?t=$title`;

  const { context, page } = await openPage(browser);
  await context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);
  await page.goto(`${panel.url}setting/notification`);
  await page.getByRole('combobox', { name: 'Channel' }).waitFor();
  assert.equal(await page.getByRole('combobox', { name: 'Channel' }).inputValue(), 'closed');

  // Client-side checks first: the required URL, then the $title rule.
  await page.getByRole('combobox', { name: 'Channel' }).selectOption('webhook');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Please enter URL').waitFor();
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${hook.url}/hook`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('The URL or the body must contain $title').waitFor();
  assert.equal(hook.requests.length, 0, 'nothing sent while the form is invalid');

  await fillWebhook(page, goodUrl);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Test message sent, settings saved' }).waitFor();
  const [saved] = await hook.waitFor(1);
  assertTestMessage(saved!);
  await screenshot(page, 'notification-settings-desktop-en-light');

  // "Send test" tries the form's settings without saving.
  await page.getByRole('button', { name: 'Send test' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Test message sent$/ })
    .waitFor();
  await hook.waitFor(2);

  // A channel that answers 500: its own message next to the form, nothing saved.
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${failing.url}/hook?t=$title`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'quota exceeded' }).waitFor();
  assert.ok(failing.requests.length >= 1, 'the failing channel was tried');
  await screenshot(page, 'notification-settings-desktop-en-light-refused');
  await page.reload();
  assert.equal(await page.getByRole('textbox', { name: 'URL', exact: true }).inputValue(), goodUrl);
  const stored = await call(panel.app, 'GET', '/api/user/notification', { token });
  assert.equal((stored.body.data as { webhookUrl: string }).webhookUrl, goodUrl);

  // Default task policy: saved at once.
  await page.getByRole('radio', { name: 'On failure and on recovery' }).check();
  await page.getByRole('status').filter({ hasText: 'Default task notification saved' }).waitFor();
  const policy = await call(panel.app, 'GET', '/api/user/notification/task-policy', { token });
  assert.deepEqual(policy.body.data, { policy: 'onFailureAndRecovery' });
  await page.reload();
  assert.ok(await page.getByRole('radio', { name: 'On failure and on recovery' }).isChecked());

  // A notice of the owner's that did not go (the service refuses now): the page says when, where, and why.
  hook.answer(() => ({ status: 500, body: { message: 'quota exceeded' } }));
  panel.app.ctx.notifier.send('Task failed: nightly', 'Exit code 1');
  await panel.app.ctx.notifier.idle();
  await page.reload();
  await page
    .getByRole('status')
    .filter({ hasText: /^Last notification: .+ through Custom webhook, not delivered: quota exceeded$/ })
    .waitFor();
  await screenshot(page, 'notification-settings-desktop-en-light-last-delivery');
  hook.answer(() => ({ body: 'ok' }));

  // Phone, Chinese, dark: the same form with its labels and messages in Chinese.
  const phone = await openPage(browser, { viewport: 'phone', locale: 'zh-CN', colorScheme: 'dark' });
  await phone.context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);
  await phone.page.goto(`${panel.url}setting/notification`);
  await phone.page.getByRole('textbox', { name: '请求地址', exact: true }).fill('');
  await phone.page.getByRole('button', { name: '保存', exact: true }).click();
  await phone.page.getByText('请输入请求地址').waitFor();
  await screenshot(phone.page, 'notification-settings-phone-zh-dark');
  await phone.page.getByRole('combobox', { name: '通知方式' }).selectOption('telegramBot');
  await phone.page.getByRole('button', { name: '保存', exact: true }).click();
  await phone.page.getByText('请输入Bot Token').waitFor();
  await screenshot(phone.page, 'notification-settings-phone-zh-dark-telegram');
});

test('first-run wizard: account, then a webhook saved from the notification step, then completion', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const hook = await startRecorder(t, () => ({ body: 'ok' }));
  const { page } = await openPage(browser, { colorScheme: 'dark' });

  await page.goto(panel.url);
  await page.waitForURL(/\/initialization$/);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  await fillWebhook(page, `${hook.url}/hook?t=$title`);
  await screenshot(page, 'notification-wizard-desktop-en-dark');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { name: 'All set' }).waitFor();
  const [sent] = await hook.waitFor(1);
  assertTestMessage(sent!);
  assert.ok(
    await page.evaluate(() => localStorage.getItem('baihu_token')),
    'setup signed the administrator in with a kept session',
  );

  const token = await login(panel.app);
  const stored = await call(panel.app, 'GET', '/api/user/notification', { token });
  assert.equal((stored.body.data as { type: string }).type, 'webhook');

  await page.getByRole('button', { name: 'Go to the panel' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
});

test('first-run wizard on a phone in Chinese: the notification step can be skipped', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const { page } = await openPage(browser, { viewport: 'phone', locale: 'zh-CN' });

  await page.goto(panel.url);
  await page.waitForURL(/\/initialization$/);
  await page.getByRole('button', { name: '开始' }).click();
  await page.getByLabel('用户名').fill(account.username);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
  await page.getByLabel('确认密码').fill(account.password);
  await page.getByRole('button', { name: '创建账户' }).click();
  await page.getByRole('combobox', { name: '通知方式' }).selectOption('webhook');
  await screenshot(page, 'notification-wizard-phone-zh-light');
  await page.getByRole('button', { name: '跳过' }).click();
  await page.getByRole('button', { name: '进入面板' }).waitFor();
  const token = await login(panel.app);
  const stored = await call(panel.app, 'GET', '/api/user/notification', { token });
  assert.deepEqual(stored.body.data, { type: 'closed' });
});

test('settings page: an owner who refused local addresses sees why a webhook is refused; an entry lets it through', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const hook = await startRecorder(t, () => ({ body: 'ok' }));
  // Local addresses are reached by default; this owner turned that off.
  const refused = { allowLocal: false, allowed: [] };
  const set = await call(panel.app, 'PUT', '/api/user/notification/local-targets', { token, payload: refused });
  assert.equal(set.body.code, 200);

  const { context, page } = await openPage(browser);
  await context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);
  await page.goto(`${panel.url}setting/notification`);
  await page.getByRole('combobox', { name: 'Channel' }).waitFor();
  await fillWebhook(page, `${hook.url}/hook?t=$title`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'Not sent: 127.0.0.1 is on the local network (127.0.0.1).' })
    .waitFor();
  assert.equal(hook.requests.length, 0, 'refused before connecting');
  await screenshot(page, 'notification-local-target-refused-desktop-en-light');

  // Allow exactly that address in the card next to the form, then the same save goes through.
  assert.equal(await page.getByRole('checkbox', { name: /Allow local network addresses/ }).isChecked(), false);
  await page.getByRole('textbox', { name: 'Allowed addresses' }).fill('127.0.0.1');
  await page.getByRole('button', { name: 'Save addresses' }).click();
  await page.getByRole('status').filter({ hasText: 'Local network addresses saved' }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Test message sent, settings saved' }).waitFor();
  await hook.waitFor(1);
  const stored = await call(panel.app, 'GET', '/api/user/notification/local-targets', { token });
  assert.deepEqual(stored.body.data, { allowLocal: false, allowed: ['127.0.0.1'] });
  await screenshot(page, 'notification-local-targets-desktop-en-light');
});
