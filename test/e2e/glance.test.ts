/// <reference lib="dom" />
/**
 * The rough edges a new user hit in an hour with the panel (issue 14), one browser test each: wording in both
 * languages, forms whose errors go once fixed, flows that end where they should, and phone-width layout.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { call, initAccount, login } from '../helpers/app.ts';
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
});
