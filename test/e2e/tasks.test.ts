/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, signedInPage, signedInPanel } from '../helpers/browser.ts';
import { assertNoHorizontalOverflow } from '../helpers/layout-checks.ts';

const taskName = 'tick task';
// 1.5 s between lines: the log dialog must show the first before the third exists, on a loaded 2-core machine too
// (a shorter pause is missed there now and then).
const command = 'for i in 1 2 3; do echo tick $i; sleep 1.5; done';

test('create a task in the form, run it, watch its live log end, find the run in its history; phone and Chinese', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);

  // Desktop, English, light.
  const { page } = await signedInPage(browser, token, { viewport: 'desktop', locale: 'en-US', colorScheme: 'light' });
  await page.goto(`${panel.url}crontab`);
  await page.getByText('Create your first task').waitFor();
  await screenshot(page, 'crontab-01-empty');

  await page.getByRole('button', { name: 'New task' }).first().click();
  const form = page.getByRole('dialog', { name: 'New task' });
  await form.getByLabel('Name', { exact: true }).fill(taskName);
  await form.getByLabel('Command', { exact: true }).fill(command);
  await form.getByLabel('Schedule', { exact: true }).fill('61 * * * *');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByText('Incorrect Cron Expression Format').waitFor();
  await form.getByLabel('Schedule', { exact: true }).fill('*/5 * * * *');
  await form.getByTestId('schedule-description').getByText('Every 5 minutes').waitFor();
  assert.equal(await form.getByRole('region', { name: 'Schedule preview' }).getByRole('listitem').count(), 5);
  // Saved with a schedule that cannot fire while the test runs, so the run history holds only the manual run.
  await form.getByLabel('Schedule', { exact: true }).fill('0 0 1 1 *');
  await form.getByTestId('schedule-description').waitFor();
  await form.getByLabel('Labels', { exact: true }).fill('demo');
  await form.getByLabel('Labels', { exact: true }).press('Enter');
  await form.getByText('More options').click();
  await form.getByLabel('Queue', { exact: true }).check();
  await screenshot(page, 'crontab-02-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });

  const table = page.getByRole('table', { name: 'Scheduled tasks' });
  await table.getByRole('link', { name: taskName }).waitFor();
  await table.getByText('Idle').waitFor();
  await screenshot(page, 'crontab-03-list');

  // Stop with nothing running cannot be chosen (the server would only answer 'Task not running').
  await page.getByRole('button', { name: `More actions for ${taskName}` }).click();
  assert.equal(await page.getByRole('menuitem', { name: 'Stop' }).getAttribute('aria-disabled'), 'true');
  await page.keyboard.press('Escape');

  // Run from the table, then follow the log live.
  await page.getByRole('button', { name: `Run ${taskName}` }).click();
  await page.getByRole('button', { name: `Log of ${taskName}` }).click();
  const logDialog = page.getByRole('dialog', { name: `Log: ${taskName}` });
  const log = logDialog.getByRole('log');
  await log.getByText('tick 1').waitFor();
  const stateWhileFirstLine = await logDialog.getByTestId('log-state').innerText();
  const linesAtFirst = await log.innerText();
  assert.ok(!linesAtFirst.includes('tick 3'), 'the log arrived all at once instead of live');
  assert.match(stateWhileFirstLine, /Running|Waiting/);
  await screenshot(page, 'crontab-04-log-live');
  await log.getByText('tick 3').waitFor();
  await logDialog.getByTestId('log-state').getByText('Success').waitFor();
  assert.equal(await logDialog.getByTestId('exit-code').innerText(), '0');
  await screenshot(page, 'crontab-05-log-done');
  await logDialog.getByRole('button', { name: 'Close' }).first().click();
  await table.getByText('Idle').waitFor();

  // The detail page: the run in the history, with its exit code.
  await table.getByRole('link', { name: taskName }).click();
  await page.waitForURL(/\/crontab\/detail\?id=\d+$/);
  const history = page.getByRole('table', { name: 'Run history' });
  await history.getByText('Success').waitFor();
  await history.getByText('Manual').waitFor();
  assert.equal(await history.getByRole('row').count(), 2);
  await page.getByRole('img', { name: /Duration of the last run; 0 failed/ }).waitFor();
  await screenshot(page, 'crontab-06-detail');
  await history.getByRole('button', { name: /Log of the run started/ }).click();
  await page.getByRole('log').getByText('tick 2').waitFor();
  await page.getByTestId('log-state').getByText('Success').waitFor();
  await screenshot(page, 'crontab-07-detail-run-log');

  // Phone, Chinese, dark: the list as cards, the form usable.
  const phone = await signedInPage(browser, token, { viewport: 'phone', locale: 'zh-CN', colorScheme: 'dark' });
  await phone.page.goto(`${panel.url}crontab`);
  const cards = phone.page.getByRole('list', { name: '定时任务' });
  await cards.getByRole('link', { name: taskName }).waitFor();
  await assertNoHorizontalOverflow(phone.page);
  await screenshot(phone.page, 'crontab-08-phone-list-zh-dark');
  await phone.page.getByRole('button', { name: '新建任务' }).click();
  const phoneForm = phone.page.getByRole('dialog', { name: '新建任务' });
  await phoneForm.getByLabel('名称', { exact: true }).fill('phone task');
  await phoneForm.getByLabel('命令', { exact: true }).fill('echo hi');
  await phoneForm.getByLabel('定时规则', { exact: true }).fill('0 2 * * *');
  await phoneForm.getByTestId('schedule-description').getByText('每天 02:00').waitFor();
  await assertNoHorizontalOverflow(phone.page);
  await screenshot(phone.page, 'crontab-09-phone-form-zh-dark');
  await phoneForm.getByRole('button', { name: '保存' }).click();
  await phoneForm.waitFor({ state: 'detached' });
  await cards.getByRole('link', { name: 'phone task' }).waitFor();
  await phone.page.getByRole('button', { name: '运行 phone task' }).click();
  await phone.page.getByRole('button', { name: 'phone task 的日志' }).click();
  await phone.page.getByRole('log').getByText('hi').waitFor();
  await phone.page.getByTestId('log-state').getByText('成功').waitFor();
  await screenshot(phone.page, 'crontab-10-phone-log-zh-dark');
});
