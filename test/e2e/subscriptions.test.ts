/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { tempDir } from '../helpers/app.ts';
import { openPage, type PageOptions, screenshot, signedInPanel } from '../helpers/browser.ts';
import { assertNoHorizontalOverflow } from '../helpers/layout-checks.ts';
import { bareRepo } from '../helpers/git.ts';

/** A signed-in page: the token and language go into localStorage before the app starts. */
async function signedInPage(browser: Browser, token: string, options: PageOptions) {
  const { context, page } = await openPage(browser, options);
  const lang = options.locale ?? 'en-US';
  await context.addInitScript(
    ([token, lang]) => {
      localStorage.setItem('baihu_token', token);
      localStorage.setItem('lang', lang);
    },
    [token, lang] as const,
  );
  return { context, page };
}

test('add a subscription, run it, watch the log, see the new tasks appear in /crontab; phone, Chinese, dark', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const repo = bareRepo(tempDir(t, 'baihu-git-'), 'owner', 'scripts');
  repo.commit({
    'sign_in.js': "// cron: 15 8 * * *\nconst $ = new Env('Daily sign-in');\nconsole.log('signed in');\n",
    'report.py': '# cron: 30 21 * * *\n# name: Evening report\nprint("report")\n',
  });

  // Desktop, English, light: the empty state explains subscriptions and offers the first one.
  const { context, page } = await signedInPage(browser, token, { viewport: 'desktop' });
  await page.goto(`${panel.url}subscription`);
  await page.getByText('No subscriptions yet').waitFor();
  await page.getByText(/pulls scripts from a git repository or a single file/).waitFor();
  await screenshot(page, 'subscription-empty-desktop-en-light');

  // The form: required-field messages first, then a cron check, then a valid subscription.
  await page.getByRole('button', { name: 'New subscription' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New subscription' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Please enter name').waitFor();
  await dialog.getByText('Please enter link').waitFor();
  await dialog.getByText('Please enter branch').waitFor();
  await dialog.getByLabel('Type', { exact: true }).selectOption('private-repo');
  await dialog.getByRole('radio', { name: 'Private key' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Please enter key').waitFor();
  await dialog.getByLabel('Type', { exact: true }).selectOption('public-repo');

  await dialog.getByLabel('Name', { exact: true }).fill('Team scripts');
  await dialog.getByLabel('Link', { exact: true }).fill(repo.url);
  await dialog.getByLabel('Branch', { exact: true }).fill('main');
  assert.equal(await dialog.getByLabel('Unique value').getAttribute('placeholder'), 'owner_scripts_main');
  await dialog.getByLabel('Schedule', { exact: true }).fill('not a cron');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Incorrect Cron Expression Format').waitFor();
  await dialog.getByLabel('Schedule', { exact: true }).fill('0 3 * * *');
  await dialog.getByRole('region', { name: 'Schedule preview' }).waitFor();
  await screenshot(page, 'subscription-form-desktop-en-light');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The new row; run it from the list.
  const table = page.getByRole('table', { name: 'Subscriptions' });
  const row = table.getByRole('row').filter({ hasText: 'Team scripts' });
  await row.waitFor();
  await row.getByText(repo.url).waitFor();
  await row.getByRole('button', { name: 'Run Team scripts' }).click();

  // Its log modal: the pull ends successfully and says how many tasks came in.
  await row.getByRole('button', { name: 'Log of Team scripts' }).click();
  const logDialog = page.getByRole('dialog', { name: 'Log: Team scripts' });
  await logDialog.waitFor();
  await logDialog.getByTestId('log-state').getByText('Success').waitFor({ timeout: 20_000 });
  assert.match(await logDialog.getByRole('log').innerText(), /\S/);
  await screenshot(page, 'subscription-log-desktop-en-light');
  await logDialog.getByRole('button', { name: 'Close' }).last().click();
  await logDialog.waitFor({ state: 'detached' });
  await row.getByText('Succeeded').waitFor();
  await row.locator('time').waitFor();
  await screenshot(page, 'subscription-list-desktop-en-light');

  // The two tasks from the headers are in /crontab.
  await page.goto(`${panel.url}crontab`);
  await page.getByText('Daily sign-in').first().waitFor();
  await page.getByText('Evening report').first().waitFor();
  await screenshot(page, 'subscription-tasks-desktop-en-light');

  // Delete asks with the name and offers to remove its tasks and files.
  await page.goto(`${panel.url}subscription`);
  await row.getByRole('button', { name: 'More actions for Team scripts' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Team scripts”?' });
  await confirm.waitFor();
  await confirm.getByRole('checkbox', { name: 'Also delete its tasks and files' }).waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await context.close();

  // Phone, Chinese, dark: cards, the form and the log modal fit.
  const phone = await signedInPage(browser, token, { viewport: 'phone', locale: 'zh-CN', colorScheme: 'dark' });
  await phone.page.goto(`${panel.url}subscription`);
  const cards = phone.page.getByRole('list', { name: '订阅' });
  await cards.getByText('Team scripts').waitFor();
  await cards.getByText('成功').waitFor();
  await assertNoHorizontalOverflow(phone.page);
  await screenshot(phone.page, 'subscription-list-phone-zh-dark');
  await phone.page.goto(`${panel.url}subscription/modal`);
  const zhForm = phone.page.getByRole('dialog', { name: '创建订阅' });
  await zhForm.waitFor();
  await zhForm.getByRole('button', { name: '保存' }).click();
  await zhForm.getByText('请输入名称').waitFor();
  await zhForm.getByText('请输入链接').waitFor();
  await assertNoHorizontalOverflow(phone.page);
  await screenshot(phone.page, 'subscription-form-phone-zh-dark');
  await zhForm.getByRole('button', { name: '取消' }).click();
  await cards
    .getByRole('button', { name: /Team scripts/ })
    .first()
    .waitFor();
  const id = (
    (
      await panel.app.inject({
        method: 'GET',
        url: '/api/subscriptions',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as { data: { id: number }[] }
  ).data[0]!.id;
  await phone.page.goto(`${panel.url}subscription/logModal?id=${id}`);
  const zhLog = phone.page.getByRole('dialog', { name: '日志：Team scripts' });
  await zhLog.waitFor();
  await zhLog.getByText('当前没有在拉取').waitFor();
  await screenshot(phone.page, 'subscription-log-phone-zh-dark');
  await phone.context.close();
});
