/// <reference lib="dom" />
/**
 * The About and System Log pages in a real browser against the real daemon: what About shows (version, runtimes, the
 * data folder measured in the background, a shipped guide), and the system log's filters, its live tail (a line the
 * daemon logs appears without a reload) and its delete; both languages, light and dark, desktop and a 390 px phone.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SystemLogFile } from '../../daemon/src/system-log/daily-file.ts';
import { call, initAccount, login, userDataDir } from '../helpers/app.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';
import { launchBrowser, openPage, screenshot, signedInPanel, startPanel } from '../helpers/browser.ts';
import { checkoutVersion } from '../helpers/releases.ts';

async function signedInPage(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  token: string,
  options: Parameters<typeof openPage>[1] = {},
  lang?: 'zh',
) {
  const opened = await openPage(browser, options);
  await opened.context.addInitScript(
    ([value, language]) => {
      localStorage.setItem('baihu_token', value!);
      if (language) localStorage.setItem('lang', language);
    },
    [token, lang ?? ''],
  );
  return opened;
}

const overflowOf = (page: Awaited<ReturnType<typeof openPage>>['page']) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('about: version, runtimes, data folder sizes, a guide; Chinese on a dark phone', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);

  const { page } = await signedInPage(browser, token);
  await page.goto(`${panel.url}setting/about`);
  await page.getByTestId('about-version').waitFor();
  assert.equal(await page.getByTestId('about-version').textContent(), checkoutVersion);
  await page.getByText('Python 3', { exact: true }).waitFor();
  // The data folder is measured in the background; the table comes when the daemon says it is done.
  await page.getByRole('table', { name: 'Data folder sizes' }).getByText('db', { exact: true }).waitFor();
  assert.match((await page.getByTestId('about-changelog').textContent()) ?? '', /Updates from a release feed/);
  await screenshot(page, 'about-desktop-en-light');
  await page.getByRole('button', { name: 'update.md' }).click();
  await page.getByRole('dialog').getByText('# Updates').waitFor();
  await screenshot(page, 'about-doc-desktop-en-light');

  const phone = await signedInPage(browser, token, { viewport: 'phone', colorScheme: 'dark' }, 'zh');
  await phone.page.goto(`${panel.url}setting/about`);
  await phone.page.getByText('运行来源').waitFor();
  await phone.page.getByRole('table', { name: '数据目录大小' }).waitFor();
  const overflow = await overflowOf(phone.page);
  assert.ok(overflow <= 1, `page is ${overflow}px wider than the phone`);
  await screenshot(phone.page, 'about-phone-zh-dark');
});

test('a view reads again when the live socket opens: what the daemon announced before it opened is not missed', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  const created = await call(panel.app, 'POST', `${api}/crons`, {
    token,
    payload: { name: 'announced while away', command: 'echo away', schedule: '0 0 1 1 *' },
  });
  const id = (created.body.data as { id: number }).id;
  const { context, page } = await signedInPage(browser, token);
  const table = page.getByRole('table', { name: 'Scheduled tasks' });
  // The page's first socket is refused; the second (the page's backoff, half a second later) reaches the daemon only
  // once a run started elsewhere (not by this page) has ended and been announced, with no socket open.
  let sockets = 0;
  await context.routeWebSocket(/\/api\/ws/, async (ws) => {
    sockets += 1;
    if (sockets === 1) return ws.close();
    await table.getByRole('link', { name: 'announced while away' }).waitFor();
    await call(panel.app, 'PUT', `${api}/crons/run`, { token, payload: [id] });
    await waitFor(async () => (await runsOf(panel.app, id)).some((r) => r.finished_at !== null), 30_000);
    ws.connectToServer();
  });
  await page.goto(`${panel.url}crontab`);
  await table.getByText('Success').waitFor();
  assert.ok(sockets >= 2, `${sockets} socket(s)`);
});

test('system log: filter by level and text, a new line arrives live, delete; Chinese on a dark phone', async (t) => {
  const browser = await launchBrowser(t);
  const dataDir = userDataDir(t);
  const file = new SystemLogFile({ dir: path.join(dataDir, 'syslog'), echo: () => {} });
  const panel = await startPanel(t, {
    dataDir,
    appOptions: { logger: { level: 'info', stream: file }, systemLog: file },
  });
  await initAccount(panel.app);
  const token = await login(panel.app);
  panel.app.log.info({ task: 'nightly-backup' }, 'backup started');
  panel.app.log.warn('disk almost full');
  panel.app.log.error({ password: 'swordfish' }, 'sign-in trouble');

  const { page } = await signedInPage(browser, token);
  await page.goto(`${panel.url}setting/systemLog`);
  const log = page.getByRole('log', { name: 'System log entries' });
  await log.getByText('backup started').waitFor();
  assert.ok(!((await log.textContent()) ?? '').includes('swordfish'), 'the secret never reaches the page');

  await page.getByLabel('Level').selectOption({ label: 'Warnings and errors' });
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await log.getByText('disk almost full').waitFor();
  await page.waitForFunction(() => !document.querySelector('[role=log]')?.textContent?.includes('backup started'));

  await page.getByLabel('Text').fill('trouble');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.waitForFunction(() => !document.querySelector('[role=log]')?.textContent?.includes('disk almost full'));
  await log.getByText('sign-in trouble').waitFor();

  // Live: a warning that matches arrives; an info line that does not match stays out.
  panel.app.log.info('more trouble, but only info');
  panel.app.log.warn('new trouble while watching');
  await log.getByText('new trouble while watching').waitFor();
  assert.ok(!((await log.textContent()) ?? '').includes('only info'));
  await screenshot(page, 'system-log-desktop-en-light');

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('System log deleted').waitFor();
  await page.getByText('No entries match.').waitFor();
  panel.app.log.warn('trouble after the delete');
  await log.getByText('trouble after the delete').waitFor();

  const phone = await signedInPage(browser, token, { viewport: 'phone', colorScheme: 'dark' }, 'zh');
  await phone.page.goto(`${panel.url}setting/systemLog`);
  await phone.page.getByRole('log', { name: '系统日志条目' }).getByText('trouble after the delete').waitFor();
  await phone.page.getByText('系统日志保留').waitFor();
  const overflow = await overflowOf(phone.page);
  assert.ok(overflow <= 1, `page is ${overflow}px wider than the phone`);
  await screenshot(phone.page, 'system-log-phone-zh-dark');
});
