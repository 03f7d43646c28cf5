/// <reference lib="dom" />
/**
 * The logs page (issue 14): whole file names, folders named after their task, a failed run's log says so with its
 * exit code, and a search across logs on the server with the match marked; in both languages and themes, at desktop
 * and phone width, with the layout checked for overflow and overlap.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileStamp } from '../../daemon/src/time/wall-clock.ts';
import { call } from '../helpers/app.ts';
import { screenshot, signedInPage, signedInPanel } from '../helpers/browser.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';
import { layoutProblems, settle } from '../helpers/layout-checks.ts';

test('the logs page: task names, failed runs with their exit code, whole names, and a search with the match marked', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  const task = async (name: string, command: string) => {
    const created = await call(panel.app, 'POST', `${api}/crons`, {
      token,
      payload: { name, command, schedule: '0 0 1 1 *' },
    });
    const id = (created.body.data as { id: number }).id;
    await call(panel.app, 'PUT', `${api}/crons/run`, { token, payload: [id] });
    return waitFor(async () => (await runsOf(panel.app, id)).find((r) => r.end), 20_000, `the run of ${name}`);
  };
  const failed = await task(
    'Nightly backup of the photo library',
    'echo "starting backup"; printf "\\033[31mERROR\\033[0m token expired for user keeper\\n"; exit 3',
  );
  await task('Weather report', 'echo "sunny, no token needed"');
  const folder = failed.log_path!.split('/')[0]!;
  const fileName = failed.log_path!.split('/')[1]!;

  for (const options of [
    { viewport: 'desktop', locale: 'en-US', colorScheme: 'light' },
    { viewport: 'phone', locale: 'zh-CN', colorScheme: 'dark' },
    { viewport: 'phone', locale: 'en-US', colorScheme: 'light' },
    { viewport: 'desktop', locale: 'zh-CN', colorScheme: 'dark' },
  ] as const) {
    const en = options.locale === 'en-US';
    const name = `logs-${options.viewport}-${options.locale}-${options.colorScheme}`;
    const { context, page } = await signedInPage(browser, token, options);
    await page.goto(`${panel.url}log`);
    const tree = page.getByRole('navigation', { name: en ? 'Log files' : '日志文件' });
    // The folder is shown by its task's name, with the folder's own name under it.
    const folderRow = tree.getByRole('button', { name: /Nightly backup of the photo library/ });
    await folderRow.getByText(folder, { exact: true }).waitFor();
    await folderRow.click();
    const fileRow = tree.getByRole('button', { name: new RegExp(fileName) });
    await fileRow.getByText(en ? 'Failed, exit code 3' : '失败，退出码 3').waitFor();
    // The whole file name is there to read, not cut off.
    const nameCut = await fileRow
      .getByText(fileName, { exact: true })
      .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    assert.equal(nameCut, false, 'the file name is whole');
    await settle(page);
    assert.deepEqual(await layoutProblems(page), [], `${name}: tree`);
    await screenshot(page, `${name}-tree`);

    await fileRow.click();
    const view = page.getByRole('main');
    await view.getByText(en ? 'Failed' : '失败', { exact: true }).waitFor();
    await view.getByText(en ? 'Exit code' : '退出码', { exact: true }).waitFor();
    await settle(page);
    assert.deepEqual(await layoutProblems(page), [], `${name}: a failed log`);
    await screenshot(page, `${name}-failed`);

    // Search across every log on the server; the match is marked, colours are gone, a result opens its log.
    if (options.viewport === 'phone') await page.getByRole('button', { name: en ? 'Files' : '文件' }).click();
    // The folder chosen in the tree is where the search looks.
    const box = page.getByRole('searchbox', { name: en ? `Search the logs in ${folder}` : `搜索 ${folder} 中的日志` });
    await box.fill('TOKEN EXPIRED');
    await box.press('Enter');
    const results = page.getByRole('list', { name: en ? 'Search results' : '搜索结果' });
    await results.locator('mark', { hasText: 'token expired' }).waitFor();
    await page.getByText(en ? '1 match in 1 of 1 logs' : '在 1 个日志中的 1 个里找到 1 处').waitFor();
    assert.equal(await results.getByText(/\\u001b|\[31m/).count(), 0, 'no colour codes');
    assert.equal(await results.getByText('sunny', { exact: false }).count(), 0);
    await settle(page);
    assert.deepEqual(await layoutProblems(page), [], `${name}: search`);
    await screenshot(page, `${name}-search`);
    await results.getByRole('button', { name: /token expired/ }).click();
    await page.waitForURL(new RegExp(`file=${encodeURIComponent(failed.log_path!).replace(/%2F/g, '%2F')}`));
    await view.getByText(en ? 'Exit code' : '退出码', { exact: true }).waitFor();
    await context.close();
  }
});

test('run-log lines follow the language the panel is shown in, unless the settings choose one', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  const created = await call(panel.app, 'POST', `${api}/crons`, {
    token,
    payload: { name: 'greeting', command: 'echo hello', schedule: '0 0 1 1 *' },
  });
  const id = (created.body.data as { id: number }).id;
  /** Opens the panel in a language, runs the task from its page and answers the first line of the run's log. */
  const runIn = async (locale: 'en-US' | 'zh-CN') => {
    const { context, page } = await signedInPage(browser, token, { locale });
    await page.goto(`${panel.url}crontab`);
    await page.getByRole('navigation').first().waitFor();
    await page.waitForLoadState('networkidle');
    const before = (await runsOf(panel.app, id)).length;
    await call(panel.app, 'PUT', `${api}/crons/run`, { token, payload: [id] });
    const run = await waitFor(async () => {
      const row = (await runsOf(panel.app, id))[before];
      return row?.end ? row : undefined;
    });
    const [dir, file] = run.log_path!.split('/');
    const detail = await call(panel.app, 'GET', `${api}/logs/detail?path=${dir}&file=${file}`, { token });
    return { context, page, first: String(detail.body.data).split('\n')[0] ?? '' };
  };
  const english = await runIn('en-US');
  assert.match(english.first, /## Start /);
  // The settings page says the language follows the panel, and offers a fixed one.
  await english.page.goto(`${panel.url}setting/other`);
  const select = english.page.getByLabel('Language of run logs', { exact: true });
  assert.equal(await select.inputValue(), '');
  await settle(english.page);
  await screenshot(english.page, 'logs-language-setting-en');
  await english.context.close();

  const chinese = await runIn('zh-CN');
  assert.match(chinese.first, /## 开始执行 /);
  await chinese.page.goto(`${panel.url}setting/other`);
  const choice = chinese.page.getByLabel('运行日志语言', { exact: true });
  await choice.selectOption('en');
  await chinese.page.getByRole('button', { name: '保存调度设置' }).click();
  await waitFor(async () => {
    const effective = await call(panel.app, 'GET', `${api}/system/config/effective`, { token });
    return (effective.body.data as { langFollowsPanel: boolean }).langFollowsPanel === false;
  });
  await chinese.context.close();
  const fixed = await runIn('zh-CN');
  assert.match(fixed.first, /## Start /, 'a chosen language wins over the panel');
  await fixed.context.close();
});

test('a long log folder shows its newest 100 logs and more on demand, on the logs page and in the task', async (t) => {
  const { browser, panel, token } = await signedInPanel(t, { env: { TZ: 'Asia/Shanghai' } });
  const api = `${panel.app.ctx.config.baseUrl}api`;
  const created = await call(panel.app, 'POST', `${api}/crons`, {
    token,
    payload: { name: 'Hourly sync', command: 'echo hi', schedule: '0 * * * *', log_name: 'hourly_sync' },
  });
  const id = (created.body.data as { id: number }).id;
  const dir = path.join(panel.app.ctx.paths.log, 'hourly_sync');
  mkdirSync(dir, { recursive: true });
  const base = Date.UTC(2025, 0, 1);
  const name = (i: number) => `${fileStamp(base + i * 3_600_000, 'Asia/Shanghai')}.log`;
  for (let i = 0; i < 130; i++) writeFileSync(path.join(dir, name(i)), `run ${i}\n`);

  const { context, page } = await signedInPage(browser, token, { locale: 'en-US' });
  await page.goto(`${panel.url}log`);
  const tree = page.getByRole('navigation', { name: 'Log files' });
  await tree.getByRole('button', { name: /Hourly sync/ }).click();
  const files = tree.getByRole('button', { name: /\d{3}\.log/ });
  await tree.getByRole('button', { name: name(129) }).waitFor();
  assert.equal(await files.count(), 100);
  assert.equal(await tree.getByRole('button', { name: name(29) }).count(), 0, 'the oldest wait for "Show more"');
  await tree.getByRole('button', { name: 'Show more' }).click();
  await tree.getByRole('button', { name: name(0) }).waitFor();
  assert.equal(await files.count(), 130);
  assert.equal(await tree.getByRole('button', { name: 'Show more' }).count(), 0);

  // The task's page lists the newest 100 and leads to the logs page for the rest.
  await page.goto(`${panel.url}crontab/detail?id=${id}`);
  const list = page.getByRole('list', { name: 'Log files' });
  await list.getByRole('link', { name: name(129) }).waitFor();
  assert.equal(await list.getByRole('link').count(), 100);
  await page.getByRole('link', { name: 'All logs of this task' }).click();
  await tree.getByRole('button', { name: name(129) }).waitFor();
  await context.close();
});
