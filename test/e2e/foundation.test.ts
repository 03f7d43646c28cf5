/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, signedInPanel, startPanel } from '../helpers/browser.ts';
import { assertNoHorizontalOverflow } from '../helpers/layout-checks.ts';
import { account } from '../helpers/app.ts';

const codeFor = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The page never needs a horizontal scroll bar at this width. */
test('a new user sets up the panel, signs in, turns on 2FA, signs out and in with a code; language, theme, phone', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const { page } = await openPage(browser, { timezoneId: 'Asia/Shanghai' });

  await page.goto(panel.url);
  await page.waitForURL(/\/initialization$/);
  await screenshot(page, 'foundation-01-welcome');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('admin');
  await page.getByLabel('Confirm password').fill('admin');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText("The password cannot be 'admin'").first().waitFor();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('The two passwords you entered do not match!').first().waitFor();
  await screenshot(page, 'foundation-02-account-errors');
  await page.getByLabel('Confirm password').fill(account.password);
  // The time zone is asked here, prefilled from the browser's.
  assert.equal(await page.getByLabel('Time zone').inputValue(), 'Asia/Shanghai');
  await page.getByLabel('Time zone').fill('Mars/Olympus');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Not a known time zone').first().waitFor();
  await page.getByLabel('Time zone').fill('Europe/Berlin');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  assert.equal(panel.app.ctx.settings.get('timezone'), 'Europe/Berlin', 'the zone chosen in setup is saved');
  await screenshot(page, 'foundation-03-complete');
  // Setup signed the new administrator in: completing it opens the panel without asking for the password again.
  await page.getByRole('button', { name: 'Go to the panel' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login$/);

  await signIn(page, account.username, 'wrong-password');
  await page.getByText('Incorrect username or password').first().waitFor();
  await signIn(page, account.username, account.password);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await screenshot(page, 'foundation-04-signed-in');

  // Two-factor setup in three steps, with a code computed here as an authenticator app would.
  await page.goto(`${panel.url}setting/security`);
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await page.getByLabel('Setup key').textContent())!.replace(/\s+/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  await screenshot(page, 'foundation-05-2fa-scan');
  await page.getByRole('button', { name: 'Next' }).click();
  // The code field sends itself once it holds 6 digits.
  await page.getByLabel('Verification code').fill(codeFor(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn off two-factor' }).waitFor();
  await screenshot(page, 'foundation-06-2fa-on');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login$/);
  await signIn(page, account.username, account.password);
  await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
  await screenshot(page, 'foundation-07-2fa-login');
  // The code of the next 30 s window: the one used to turn 2FA on may not be used again.
  await page.getByLabel('Verification code').fill(codeFor(secret, Date.now() + 30_000));
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();

  // English → Chinese → English; the page reloads in the chosen language.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '中文' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  await page.getByRole('link', { name: '定时任务' }).waitFor();
  await screenshot(page, 'foundation-08-chinese');
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'en-US');
  await page.getByRole('link', { name: 'Scheduled Tasks' }).waitFor();

  // Dark theme.
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(background, 'rgb(255, 255, 255)');
  await screenshot(page, 'foundation-09-dark');

  // Phone width: the menu becomes a drawer; nothing needs sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${panel.url}setting/loginLog`);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'System Settings' }).waitFor();
  await screenshot(page, 'foundation-10-phone-drawer');
  await page.keyboard.press('Escape');
  await assertNoHorizontalOverflow(page);
  await page.getByRole('list', { name: 'Login log' }).getByText('Success').first().waitFor();
  await screenshot(page, 'foundation-11-phone-login-log');
});

test('deep links load under a base path, unknown paths say Not Found, a failed chunk offers a retry', async (t) => {
  const { browser, panel, token } = await signedInPanel(t, { env: { BAIHU_BASE_URL: '/baihu/' } });
  const { context, page } = await openPage(browser, { viewport: 'phone', colorScheme: 'dark' });
  await context.addInitScript((value) => {
    localStorage.setItem('baihu_token', value);
    localStorage.setItem('lang', 'zh');
  }, token);

  await page.goto(`${panel.url}setting/security`);
  await page.getByRole('button', { name: '设置两步验证' }).waitFor();
  await assertNoHorizontalOverflow(page);
  await screenshot(page, 'foundation-12-deep-link-zh-dark-phone');

  await page.goto(`${panel.url}no/such/page`);
  await page.getByText('Not Found').or(page.getByText('未找到')).first().waitFor();

  // A chunk that cannot load shows the error page, whose retry loads it once the network is back.
  const { page: failing } = await openPage(browser);
  await failing.context().addInitScript((value) => localStorage.setItem('baihu_token', value), token);
  await failing.route(/LoginLog.*\.js$/, (route) => route.abort());
  await failing.goto(`${panel.url}setting/loginLog`);
  await failing.getByRole('heading', { name: 'This page failed to load' }).waitFor();
  await screenshot(failing, 'foundation-13-chunk-error');
  await failing.unroute(/LoginLog.*\.js$/);
  await failing.getByRole('button', { name: 'Retry' }).click();
  await failing.getByRole('table', { name: 'Login log' }).waitFor();
});
