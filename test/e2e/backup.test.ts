/// <reference lib="dom" />
/**
 * Backup, restore and log deletion on /setting/other, in a real Chromium against the real daemon: a backup is made
 * and downloaded (the file is a whole archive with its manifest), a hostile upload is refused with the reason, a
 * backup is checked, confirmed, and the page counts down through the daemon's restart and reloads on the restored
 * data; the run-history limits are refused with the reason when bad, saved, and come back with the restore.
 * English light desktop; Chinese dark phone: a backup downloaded, one from the list checked and discarded.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { systemClock } from '../../daemon/src/time/clock.ts';
import { initAccount, login, startApp, tempDir, userDataDir } from '../helpers/app.ts';
import { launchBrowser, openPage, screenshot, startPanel } from '../helpers/browser.ts';
import { rawTgz } from '../helpers/tar.ts';

test('backup and download, a refused upload, restore with the restart countdown, log deletion', async (t) => {
  const browser = await launchBrowser(t);
  const dataDir = userDataDir(t);
  // The daemon's restart, as the entrypoint does it: close, then a new daemon on the same data dir and port.
  let current: FastifyInstance | null = null;
  let port = 0;
  const restart = () => {
    void (async () => {
      await current!.close();
      const next = await startApp(t, { dataDir, clock: systemClock, restart });
      await next.app.listen({ port, host: '127.0.0.1' });
      current = next.app;
    })();
  };
  const panel = await startPanel(t, { dataDir, restart });
  current = panel.app;
  port = Number(new URL(panel.url).port);
  await initAccount(panel.app);
  const token = await login(panel.app);
  writeFileSync(path.join(dataDir, 'scripts', 'before.js'), 'console.log("in the backup")\n');
  mkdirSync(path.join(dataDir, 'log', 'task_1'), { recursive: true });
  writeFileSync(path.join(dataDir, 'log', 'task_1', '2020-01-01-00-00-00-000.log'), 'old\n');

  const { context, page } = await openPage(browser);
  await context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);
  await page.goto(`${panel.url}setting/other`);

  // Log deletion: saved, it runs at once and says what it removed.
  await page.getByRole('spinbutton', { name: 'Log deletion frequency (days)' }).fill('7');
  await page.getByRole('button', { name: 'Save Log deletion frequency (days)' }).click();
  await page.getByText('Log deletion saved').waitFor();
  await page
    .getByText(/Removed 1 log files/)
    .first()
    .waitFor();
  assert.equal(existsSync(path.join(dataDir, 'log', 'task_1', '2020-01-01-00-00-00-000.log')), false);

  // Run history: a bad value is refused with the reason at its field; a good pair is saved (and backed up below).
  const saveHistory = page.getByRole('button', { name: 'Save run history settings' });
  assert.equal(await page.getByRole('spinbutton', { name: 'Days kept' }).inputValue(), '90');
  assert.equal(await page.getByRole('spinbutton', { name: 'Runs kept per task' }).inputValue(), '1000');
  await page.getByRole('spinbutton', { name: 'Days kept' }).fill('-1');
  await saveHistory.click();
  await page.getByText('run history kept (days) must be a whole number from 0 to 1000000 (0 = no limit)').waitFor();
  assert.equal(panel.app.ctx.settings.get('runHistoryDays'), 90, 'a refused value saves nothing');
  await page.getByRole('spinbutton', { name: 'Days kept' }).fill('30');
  await page.getByRole('spinbutton', { name: 'Runs kept per task' }).fill('500');
  await saveHistory.click();
  await page.getByText('Run history settings saved').waitFor();
  assert.equal(panel.app.ctx.settings.get('runHistoryDays'), 30);
  assert.equal(panel.app.ctx.settings.get('runHistoryPerTask'), 500);
  await page.getByRole('heading', { name: 'Run history' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'run-history-desktop-en-light');

  // Backup: the job's log and progress, then the download.
  await page.getByRole('group', { name: 'What to back up' }).getByRole('checkbox', { name: 'Run logs' }).check();
  const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Back up now' }).click();
  const download = await downloadEvent;
  assert.match(download.suggestedFilename(), /^baihu-\d{8}-\d{6}\.tgz$/);
  const saved = path.join(tempDir(t), download.suggestedFilename());
  await download.saveAs(saved);
  const listing = execFileSync('tar', ['tzf', saved], { encoding: 'utf8' });
  assert.match(listing, /^data\/scripts\/before\.js$/m);
  assert.match(listing, /^baihu-backup\.json$/m);
  assert.deepEqual(readFileSync(saved), readFileSync(path.join(dataDir, 'bak', download.suggestedFilename())));
  await page.getByRole('region', { name: 'Backups' }).getByText(download.suggestedFilename()).waitFor();
  await screenshot(page, 'backup-desktop-en-light');

  // A hostile upload: refused with the reason; nothing staged.
  const hostile = path.join(tempDir(t), 'hostile.tgz');
  writeFileSync(hostile, rawTgz([{ path: 'data/scripts/x', type: 'SymbolicLink', linkpath: '/etc/passwd' }]));
  await page.getByLabel('Backup file (.tgz)').setInputFiles(hostile);
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await page.getByText(/The archive holds a link \(data\/scripts\/x\)/).waitFor();

  // The real backup: checked, shown, confirmed; the countdown runs through the restart and the page reloads.
  writeFileSync(path.join(dataDir, 'scripts', 'after.js'), 'not in the backup');
  await page.getByLabel('Backup file (.tgz)').setInputFiles(saved);
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await page.getByText('The archive passed every check. Nothing has been replaced yet.').waitFor();
  await screenshot(page, 'restore-check-desktop-en-light');
  await page.getByRole('button', { name: 'Restore and restart' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore and restart' }).click();
  await page.getByTestId('restart-countdown').waitFor();
  await screenshot(page, 'restore-countdown-desktop-en-light');
  await page.waitForEvent('load', { timeout: 60_000 });
  await page.getByText(/Restored on/).waitFor({ timeout: 30_000 });
  assert.equal(existsSync(path.join(dataDir, 'scripts', 'after.js')), false);
  assert.ok(existsSync(path.join(dataDir, 'scripts', 'before.js')));

  // Chinese, dark, phone: the same page fits and reads.
  const phone = await openPage(browser, { viewport: 'phone', colorScheme: 'dark' });
  await phone.context.addInitScript(
    (value) => {
      localStorage.setItem('baihu_token', value);
      localStorage.setItem('lang', 'zh');
    },
    await login(current!),
  );
  await phone.page.goto(`${panel.url}setting/other`);
  await phone.page.getByRole('button', { name: '立即备份' }).waitFor();
  await phone.page.getByText('日志删除', { exact: true }).first().waitFor();
  // The run-history limits came back with the restored database; an empty field is refused in Chinese.
  const zhDays = phone.page.getByRole('spinbutton', { name: '保留天数' });
  await phone.page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input[type=number]')).some((i) => i.value === '30'),
  );
  assert.equal(await zhDays.inputValue(), '30');
  await zhDays.fill('');
  await phone.page.getByRole('button', { name: '保存运行记录设置' }).click();
  await phone.page.getByText('运行记录保留天数必须是 0 到 1000000 之间的整数（0 表示不限）').waitFor();
  await screenshot(phone.page, 'run-history-phone-zh-dark');
  await zhDays.fill('30');
  // In Chinese too: a backup downloaded, and one from the list checked (then set aside).
  const zhDownloadEvent = phone.page.waitForEvent('download', { timeout: 60_000 });
  await phone.page.getByRole('button', { name: '立即备份' }).click();
  const zhDownload = await zhDownloadEvent;
  assert.match(zhDownload.suggestedFilename(), /^baihu-\d{8}-\d{6}(-\d+)?\.tgz$/);
  const zhSaved = path.join(tempDir(t), zhDownload.suggestedFilename());
  await zhDownload.saveAs(zhSaved);
  assert.match(execFileSync('tar', ['tzf', zhSaved], { encoding: 'utf8' }), /^baihu-backup\.json$/m);
  await phone.page.getByRole('button', { name: `恢复 ${zhDownload.suggestedFilename()}` }).click();
  await phone.page.getByText('压缩包通过了所有检查，尚未替换任何数据。').waitFor();
  await screenshot(phone.page, 'restore-check-phone-zh-dark');
  await phone.page.getByRole('button', { name: '放弃' }).click();
  await phone.page.getByText('压缩包通过了所有检查，尚未替换任何数据。').waitFor({ state: 'detached' });
  assert.deepEqual(
    readdirSync(path.join(dataDir, '.restore')).filter((entry) => !entry.endsWith('.json')),
    [],
    'a discarded check leaves nothing staged',
  );
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page is ${overflow}px wider than the phone`);
  await screenshot(phone.page, 'backup-phone-zh-dark');
});
