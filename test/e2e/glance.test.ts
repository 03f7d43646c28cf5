/// <reference lib="dom" />
/**
 * The rough edges a new user hit in an hour with the panel (issue 14), one browser test each: wording in both
 * languages, forms whose errors go once fixed, flows that end where they should, and phone-width layout.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { account, call, initAccount, login } from '../helpers/app.ts';
import { launchBrowser, openPage, screenshot, startPanel, type PageOptions } from '../helpers/browser.ts';

/** A signed-in page: the token and language go into localStorage before the app starts. */
async function signedInPage(browser: Browser, token: string, options: PageOptions = {}) {
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

test('the panel at a glance: wording, forms and flows', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  await initAccount(panel.app);
  const token = await login(panel.app);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  const post = async (url: string, payload: unknown) => {
    const res = await call(panel.app, 'POST', `${api}/${url}`, { token, payload });
    assert.equal(res.body.code, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  for (const name of ['backup', 'report', 'cleanup'])
    await post('crons', { name, command: `echo ${name}`, schedule: '0 0 1 1 *' });

  await t.test('Chinese names the panel 白虎; confirmations say one task or how many', async () => {
    const { context, page } = await signedInPage(browser, token, { locale: 'zh-CN' });
    await page.goto(`${panel.url}crontab`);
    await page.getByRole('link', { name: '定时任务' }).waitFor();
    assert.equal(await page.getByText('白虎', { exact: true }).count(), 1);
    assert.equal(await page.getByText('Baihu', { exact: true }).count(), 0);
    assert.match(await page.title(), /白虎$/);
    await context.close();

    const english = await signedInPage(browser, token);
    const p = english.page;
    await p.goto(`${panel.url}crontab`);
    await p.getByRole('button', { name: 'More actions for backup' }).click();
    await p.getByRole('menuitem', { name: 'Delete' }).click();
    const one = p.getByRole('alertdialog', { name: 'Delete task “backup” and its run history?' });
    await one.getByText('Its log files stay on disk. This cannot be undone.').waitFor();
    await one.getByRole('button', { name: 'Cancel' }).click();
    await one.waitFor({ state: 'detached' });

    const table = p.getByRole('table', { name: 'Scheduled tasks' });
    await table.getByRole('checkbox', { name: 'Select all' }).check();
    const bar = p.getByRole('toolbar', { name: 'Actions for the selected tasks' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const many = p.getByRole('alertdialog', { name: 'Delete 3 tasks and their run history?' });
    await many.getByText('Their log files stay on disk. This cannot be undone.').waitFor();
    await screenshot(p, 'glance-delete-three');
    await many.getByRole('button', { name: 'Cancel' }).click();
    await english.context.close();
  });

  await t.test('Stop cannot be chosen where nothing runs, in the row menu and the batch bar', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}crontab`);
    await page.getByRole('button', { name: 'More actions for report' }).click();
    assert.equal(await page.getByRole('menuitem', { name: 'Stop' }).getAttribute('aria-disabled'), 'true');
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Scheduled tasks' });
    await table.getByRole('checkbox', { name: /^Select report/ }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions for the selected tasks' });
    assert.ok(await bar.getByRole('button', { name: 'Stop' }).isDisabled());
    assert.ok(await bar.getByRole('button', { name: 'Run' }).isEnabled());
    await context.close();
  });

  await t.test('a field error goes as soon as the value is valid: the task form and the security form', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}crontab/modal`);
    const form = page.getByRole('dialog', { name: 'New task' });
    const schedule = form.getByLabel('Schedule', { exact: true });
    await form.getByLabel('Name', { exact: true }).fill('fast');
    await form.getByLabel('Command', { exact: true }).fill('echo fast');
    await schedule.fill('*/20 * * *');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Incorrect Cron Expression Format').waitFor();
    assert.equal(await schedule.getAttribute('aria-invalid'), 'true');
    // Fixed without saving again: the message and the red border go while the preview describes it.
    await schedule.fill('*/20 * * * * *');
    await form.getByTestId('schedule-description').getByText('Every 20 seconds').waitFor();
    await form.getByText('Incorrect Cron Expression Format').waitFor({ state: 'detached' });
    assert.equal(await schedule.getAttribute('aria-invalid'), null);
    // Emptied again, it says what is wrong now.
    await schedule.fill('');
    await form.getByText('Please enter schedule').waitFor();
    await screenshot(page, 'glance-form-error-live');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${panel.url}setting/security`);
    const current = page.getByLabel('Current password', { exact: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Please enter current password').waitFor();
    await current.fill('x');
    await page.getByText('Please enter current password').waitFor({ state: 'detached' });
    assert.equal(await current.getAttribute('aria-invalid'), null);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const tooShort = page.getByText(/New password must be at least \d+ characters/);
    await tooShort.waitFor();
    await page.getByLabel('New password', { exact: true }).fill('long-enough-password');
    await tooShort.waitFor({ state: 'detached' });
    await page.getByText('The two passwords you entered do not match!').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill('long-enough-password');
    await page.getByText('The two passwords you entered do not match!').waitFor({ state: 'detached' });
    await context.close();
  });

  await t.test('pasted variables: export, quotes and comments are read; every bad line is named', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}env/modal`);
    const form = page.getByRole('dialog', { name: 'New variables' });
    await form.getByRole('radio', { name: 'Paste lines' }).click();
    const box = form.getByLabel('Variables', { exact: true });
    const pasted = [
      '# from my .env',
      'export PUSH_KEY=abc123',
      '',
      'GREETING="hello world"',
      "QUOTED='single'",
      'not a variable',
      '2FAST=x',
    ];
    await box.fill(pasted.join('\n'));
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Line 6: not NAME=value').waitFor();
    await form.getByText(/^Line 7: 2FAST — only letters/).waitFor();
    await screenshot(page, 'glance-env-paste-errors');
    await box.fill(pasted.slice(0, 5).join('\n'));
    await form.getByText('Line 6: not NAME=value').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('3 variables added').waitFor();
    const res = await call(panel.app, 'GET', `${api}/envs`, { token });
    const values = Object.fromEntries(
      (res.body.data as { name: string; value: string }[]).map((e) => [e.name, e.value]),
    );
    assert.deepEqual(values, { PUSH_KEY: 'abc123', GREETING: 'hello world', QUOTED: 'single' });
    await context.close();
  });

  await t.test('the "Signed in" message covers neither the header controls nor the page\'s main button', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await openPage(browser, { viewport });
      await page.goto(`${panel.url}login`);
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const message = page.getByRole('status').filter({ hasText: 'Signed in' });
      await message.waitFor();
      await page.getByRole('button', { name: 'New task' }).first().waitFor();
      // The page's buttons arrive after the message: it moves below them.
      await page.waitForTimeout(300);
      const box = (await message.boundingBox())!;
      const controls = [
        page.getByRole('button', { name: 'Language' }),
        page.getByRole('button', { name: 'Theme' }),
        page.getByRole('button', { name: 'Account menu' }),
        page.getByRole('button', { name: 'New task' }).first(),
        page.getByRole('button', { name: 'From a template' }),
      ];
      for (const control of controls) {
        const other = (await control.boundingBox())!;
        const overlaps =
          box.x < other.x + other.width &&
          other.x < box.x + box.width &&
          box.y < other.y + other.height &&
          other.y < box.y + box.height;
        assert.ok(
          !overlaps,
          `the message covers ${(await control.getAttribute('aria-label')) ?? (await control.innerText())} (${viewport})`,
        );
      }
      await screenshot(page, `glance-signed-in-${viewport}`);
      await context.close();
    }
  });
});
