/// <reference lib="dom" />
/**
 * See what failed without hunting (issue 14): the overview is the first page after sign-in and every number on it
 * opens the list it counts; the task list shows each task's last result (red when it failed) with a Failed filter,
 * on the table and on the phone cards; subscription-made tasks name their subscription. Real runs of real processes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import { CronStatus } from '../../daemon/src/contract/enums.ts';
import { call } from '../helpers/app.ts';
import { screenshot, signedInPage, signedInPanel } from '../helpers/browser.ts';
import { waitFor } from '../helpers/tasks.ts';
import { layoutProblems, settle } from '../helpers/layout-checks.ts';

/** The names of the task rows shown (table rows, or cards at phone width). */
const shownTasks = (page: Page, role: 'row' | 'listitem') =>
  page
    .getByRole(role === 'row' ? 'table' : 'list', { name: 'Scheduled tasks' })
    .getByRole('link')
    .allTextContents();

test('the overview first, each number opening its list; last results on the task list', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(panel.app, method, `${panel.app.ctx.config.baseUrl}api/${url}`, {
      token,
      ...(payload === undefined ? {} : { payload }),
    });
  const create = async (name: string, command: string) =>
    (await api('POST', 'crons', { name, command, schedule: '0 3 * * *' })).body.data as Cron;
  const breaks = await create('nightly backup', 'echo cannot reach the disk; exit 3');
  const works = await create('weather report', 'echo sunny');
  await create('monthly cleanup', 'echo later');
  // A task a subscription made: it carries the subscription's id, and the list shows the subscription's name.
  const now = Date.now();
  const sub = await panel.app.ctx.db
    .insertInto('subscriptions')
    .values({
      name: 'Team scripts',
      type: 'public-repo',
      url: 'https://example.invalid/team.git',
      alias: 'team',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teamTask = await panel.app.ctx.db
    .insertInto('crons')
    .values({
      name: 'team sign-in',
      command: 'task team/sign.js',
      schedule: '0 4 * * *',
      sub_id: sub.id,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // Armed as the crons service arms a task it creates.
  panel.app.ctx.taskRuns.sync(teamTask);
  assert.equal((await api('PUT', 'crons/run', [breaks.id, works.id])).body.code, 200);
  await waitFor(async () => {
    const rows = ((await api('GET', 'crons')).body.data as { data: Cron[] }).data;
    return rows.every((r) => r.status === CronStatus.idle) && rows.filter((r) => r.last_end).length === 2;
  });

  await t.test('signed in, the overview comes first: counts, chart, lists; every number opens its list', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(panel.url);
    await page.waitForURL(/\/dashboard$/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    assert.equal(await menu.getByRole('link').first().textContent(), 'Dashboard');
    const day = page.getByText('Runs, last 24 hours').locator('..');
    await day.getByRole('link', { name: '2', exact: true }).waitFor();
    await day.getByRole('link', { name: '1 failed' }).waitFor();
    await page.getByRole('img', { name: /last 24 hours: 2 runs, 1 failed/ }).waitFor();
    await page.getByRole('radio', { name: '30 days' }).click();
    await page.getByRole('img', { name: /last 30 days: 2 runs, 1 failed/ }).waitFor();
    assert.equal(
      await page
        .getByRole('img', { name: /last 30 days/ })
        .locator('rect')
        .count(),
      2,
      'one day, two bars',
    );
    await page.getByRole('radio', { name: '24 hours' }).click();
    const failing = page.getByRole('region', { name: 'Most failures, 7 days' });
    await failing.getByText('1 of 1 failed').waitFor();
    assert.deepEqual(await failing.getByRole('link').allTextContents(), ['nightly backup']);
    const next = page.getByRole('region', { name: 'Runs next' });
    assert.equal(await next.getByRole('link').count(), 4, 'four tasks are scheduled');
    await page
      .getByRole('region', { name: 'Storage' })
      .getByText(/\d+(\.\d)? (B|KB|MB)/)
      .first()
      .waitFor();
    await settle(page);
    assert.deepEqual(await layoutProblems(page), []);
    await screenshot(page, 'overview-desktop-light-en');

    // The failure count opens the task list filtered to the tasks that failed in that window.
    await day.getByRole('link', { name: '1 failed' }).click();
    await page.waitForURL(/\/crontab\?searchValue=failed%3A24h$/);
    await waitFor(async () => (await shownTasks(page, 'row')).join() === 'nightly backup' || undefined);
    await page.goBack();
    await page.getByText('Last run failed').locator('..').getByRole('link', { name: '1', exact: true }).click();
    await page.waitForURL(/\/crontab\?failed=1$/);
    assert.equal(await page.getByRole('button', { name: 'Failed' }).getAttribute('aria-pressed'), 'true');
    await waitFor(async () => (await shownTasks(page, 'row')).join() === 'nightly backup' || undefined);
    await context.close();
  });

  await t.test('the task list: last result per row, red when failed, a Failed filter, subscription names', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}crontab`);
    const table = page.getByRole('table', { name: 'Scheduled tasks' });
    const failedRow = table.getByRole('row').filter({ hasText: 'nightly backup' });
    await failedRow.getByText('Failed').waitFor();
    await failedRow.getByText('exit 3', { exact: true }).waitFor();
    await table.getByRole('row').filter({ hasText: 'weather report' }).getByText('Success').waitFor();
    const tint = await failedRow.evaluate((el) => getComputedStyle(el).boxShadow);
    assert.match(tint, /inset/, 'a failed row has its red bar');
    const fineTint = await table
      .getByRole('row')
      .filter({ hasText: 'weather report' })
      .evaluate((el) => getComputedStyle(el).boxShadow);
    assert.equal(fineTint, 'none');
    await table.getByRole('row').filter({ hasText: 'team sign-in' }).getByText('Team scripts').waitFor();
    assert.equal(await table.getByText(`#${sub.id}`).count(), 0, 'no bare subscription id');
    await screenshot(page, 'overview-task-list-desktop');
    // The task's own page names its subscription and how its last run ended.
    await table.getByRole('link', { name: 'team sign-in' }).click();
    await page.waitForURL(/\/crontab\/detail\?id=\d+$/);
    await page.locator('dl').getByText('Team scripts', { exact: true }).waitFor();
    await page.goBack();

    await page.getByRole('button', { name: 'Failed' }).click();
    await waitFor(async () => (await shownTasks(page, 'row')).join() === 'nightly backup' || undefined);
    await page.getByRole('button', { name: 'Failed' }).click();
    await waitFor(async () => (await shownTasks(page, 'row')).length === 4 || undefined);
    // The search keyword does the same.
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill('result:failed');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await shownTasks(page, 'row')).join() === 'nightly backup' || undefined);
    await context.close();
  });

  await t.test('desktop, Chinese, dark: the overview', async () => {
    const { context, page } = await signedInPage(browser, token, { locale: 'zh-CN', colorScheme: 'dark' });
    await page.goto(`${panel.url}dashboard`);
    await page.getByText('上次运行失败').waitFor();
    await page.getByRole('region', { name: '失败最多（7 天）' }).getByText('1 次中 1 次失败').waitFor();
    await settle(page);
    assert.deepEqual(await layoutProblems(page), []);
    await screenshot(page, 'overview-desktop-dark-zh');
    await context.close();
  });

  for (const [locale, colorScheme] of [
    ['en-US', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
  ] as const) {
    await t.test(`phone width, ${locale}, ${colorScheme}: the overview and the task cards`, async () => {
      const { context, page } = await signedInPage(browser, token, { viewport: 'phone', locale, colorScheme });
      await page.goto(`${panel.url}dashboard`);
      const zh = locale === 'zh-CN';
      await page.getByText(zh ? '运行次数（24 小时）' : 'Runs, last 24 hours').waitFor();
      await page.getByRole('region', { name: zh ? '存储' : 'Storage' }).waitFor();
      await settle(page);
      assert.deepEqual(await layoutProblems(page), []);
      await screenshot(page, `overview-phone-${colorScheme}-${zh ? 'zh' : 'en'}`);

      await page.goto(`${panel.url}crontab`);
      const cards = page.getByRole('list', { name: zh ? '定时任务' : 'Scheduled tasks' });
      const card = cards.getByRole('listitem').filter({ hasText: 'nightly backup' });
      await card.getByText(zh ? '失败' : 'Failed', { exact: true }).waitFor();
      await card.getByText(zh ? '退出码 3' : 'exit 3', { exact: true }).waitFor();
      await cards.getByRole('listitem').filter({ hasText: 'team sign-in' }).getByText('Team scripts').waitFor();
      await settle(page);
      assert.deepEqual(await layoutProblems(page), []);
      await screenshot(page, `overview-task-cards-phone-${colorScheme}-${zh ? 'zh' : 'en'}`);
      await context.close();
    });
  }
});
