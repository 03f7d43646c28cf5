/// <reference lib="dom" />
/**
 * Moving in from Qinglong in the browser: the first-run setup's "I have a Qinglong data folder", the dry run's
 * report, the import, and the panel with the imported tasks — in English on a desktop (light) and in Chinese on a
 * phone (dark). The Qinglong data folder is built by test/helpers/qinglong.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { launchBrowser, openPage, screenshot, startPanel, type PageOptions } from '../helpers/browser.ts';
import { makeQinglongDataDir, qinglongRows } from '../helpers/qinglong/index.ts';

const labels = {
  en: {
    moving: 'I have a Qinglong data folder',
    username: 'Username',
    password: 'Password',
    confirm: 'Confirm password',
    create: 'Create account',
    folder: 'Qinglong data folder',
    replace: "Use Qinglong's account",
    check: 'Check what will be imported',
    import: 'Import',
    done: 'The import is done',
    next: 'Continue',
    skip: 'Skip',
    panel: 'Go to the panel',
  },
  zh: {
    moving: '我有青龙数据目录',
    username: '用户名',
    password: '密码',
    confirm: '确认密码',
    create: '创建账户',
    folder: '青龙数据目录',
    replace: '使用青龙的账户',
    check: '检查将导入的内容',
    import: '导入',
    done: '导入完成',
    next: '继续',
    skip: '跳过',
    panel: '进入面板',
  },
};

/** Stops the installs the import queued (they would reach for the network), before the app closes. */
async function stopInstalls(app: FastifyInstance) {
  const ids = (await app.ctx.db.selectFrom('dependencies').select('id').execute()).map((r) => r.id);
  await app.ctx.dependencies.cancel(ids).catch(() => undefined);
}

async function moveIn(t: TestContext, lang: 'en' | 'zh', options: PageOptions, name: string) {
  const fixture = makeQinglongDataDir({ minimal: lang === 'zh' });
  t.after(() => fixture.cleanup());
  const l = labels[lang];
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const { page } = await openPage(browser, options);

  await page.goto(panel.url);
  await page.waitForURL(/\/initialization$/);
  await page.getByRole('button', { name: l.moving }).click();
  await page.getByLabel(l.username).fill('keeper');
  await page.getByLabel(l.password, { exact: true }).fill('correct-horse-42');
  await page.getByLabel(l.confirm).fill('correct-horse-42');
  await page.getByRole('button', { name: l.create }).click();

  await page.getByLabel(l.folder).fill(fixture.dir);
  await page.getByRole('button', { name: l.check }).click();
  const report = page.getByTestId('import-report');
  await report.waitFor();
  assert.match(await report.innerText(), new RegExp(qinglongRows.authInfo.username));
  await screenshot(page, `${name}-1-dry-run`);
  assert.equal(
    (await panel.app.ctx.db.selectFrom('crons').select('id').execute()).length,
    0,
    'the dry run changed nothing',
  );

  // The account was chosen a moment ago: Qinglong's takes its place only when asked.
  const replace = page.getByRole('checkbox', { name: l.replace });
  assert.equal(await replace.isChecked(), false);
  await replace.check();
  await page.getByRole('button', { name: l.import, exact: true }).click();
  await page.getByText(l.done).waitFor({ timeout: 60_000 });
  await screenshot(page, `${name}-2-imported`);
  await stopInstalls(panel.app);
  await page.getByRole('button', { name: l.next }).click();
  await page.getByRole('button', { name: l.skip }).click();
  await page.getByRole('button', { name: l.panel }).click();
  // Setup ends on the overview; the imported tasks are on the task list.
  await page.waitForURL(/\/dashboard$/);
  await page.goto(new URL('crontab', page.url()).href);
  if (lang === 'en') {
    await page.getByText('JD 签到 🎉').first().waitFor();
    await screenshot(page, `${name}-3-tasks`);
  }
  // Qinglong's account took the place of the one just made: its password signs in.
  const user = await panel.app.ctx.db.selectFrom('users').select('username').executeTakeFirstOrThrow();
  assert.equal(user.username, qinglongRows.authInfo.username);
}

test('setup: "I have a Qinglong data folder" previews and imports it (English, desktop, light)', async (t) => {
  await moveIn(t, 'en', { viewport: 'desktop', locale: 'en-US', colorScheme: 'light' }, 'qinglong-import-en-desktop');
});

test('setup: the Qinglong import in Chinese on a phone (dark)', async (t) => {
  await moveIn(t, 'zh', { viewport: 'phone', locale: 'zh-CN', colorScheme: 'dark' }, 'qinglong-import-zh-phone');
});
