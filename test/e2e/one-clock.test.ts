/// <reference lib="dom" />
/**
 * One clock in the browser: the host in one zone, the panel set to another, the browser in a fourth
 * (helpers/zones.ts). The task list's next and last run, the detail's log files beside their names, its run history,
 * the form's schedule preview and the backups beside their names all read the panel's clock; durations read the same
 * in the list, the detail's fields and the run history. Times expected are worked out with Intl alone.
 */
// @zoned
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { BackupOverview } from '../../daemon/src/contract/backup.ts';
import { call } from '../helpers/app.ts';
import { screenshot, signedInPage, signedInPanel } from '../helpers/browser.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';
import { browserZone, hostZone, instantIn, panelZone, parseStamp, wallOf, type Wall } from '../helpers/zones.ts';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Reads an English date and time as the UI shows them: "Dec 2, 5:15:01 AM" or "Jan 1, 2027, 12:00:00 AM". */
function parseShown(text: string, around: number): Wall {
  const m = /([A-Z][a-z]{2}) (\d{1,2}),(?: (\d{4}),)? (\d{1,2}):(\d{2}):(\d{2})\s?(AM|PM)/.exec(text);
  assert.ok(m, `"${text}" is a date and time`);
  const hour12 = Number(m[4]) % 12;
  return {
    year: m[3] ? Number(m[3]) : wallOf(around, panelZone).year,
    month: months.indexOf(m[1]!) + 1,
    day: Number(m[2]),
    hour: m[7] === 'PM' ? hour12 + 12 : hour12,
    minute: Number(m[5]),
    second: Number(m[6]),
  };
}

/** The instant shown is within `slackMs` of `expected` on the panel's clock. */
function assertShown(text: string, expected: number, what: string, slackMs = 5000) {
  const at = instantIn(parseShown(text, expected), panelZone, expected);
  assert.ok(
    Math.abs(at - expected) <= slackMs,
    `${what}: "${text}" is ${Math.round((at - expected) / 60_000)} min off the panel's clock ` +
      `(panel ${panelZone}, host ${hostZone}, browser ${browserZone})`,
  );
}

const textOf = async (locator: Locator) => (await locator.innerText()).trim();
const fieldOf = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test("every time the panel shows is on the panel's clock, whatever the host's and the browser's", async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  await call(panel.app, 'PUT', `${api}/system/config/timezone`, { token, payload: { timezone: panelZone } });
  const created = await call(panel.app, 'POST', `${api}/crons`, {
    token,
    payload: { name: 'new year', command: 'echo happy new year', schedule: '0 0 1 1 *' },
  });
  const id = (created.body.data as { id: number }).id;
  await call(panel.app, 'PUT', `${api}/crons/run`, { token, payload: [id] });
  const run = await waitFor(async () => (await runsOf(panel.app, id)).find((r) => r.finished_at !== null), 30_000);
  const backup = await call(panel.app, 'POST', `${api}/system/backup`, { token, payload: { parts: ['db'] } });
  const backupName = (backup.body.data as { name: string }).name;
  await waitFor(async () => {
    const overview = (await call(panel.app, 'GET', `${api}/system/backup`, { token })).body.data as BackupOverview;
    return overview.running === null && overview.files.some((f) => f.name === backupName);
  });
  const now = Date.now();
  const newYear = instantIn(
    { year: wallOf(now, panelZone).year + 1, month: 1, day: 1, hour: 0, minute: 0, second: 0 },
    panelZone,
    now,
  );

  const { page } = await signedInPage(browser, token, { locale: 'en-US', timezoneId: browserZone });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The list: next run at the panel's midnight of New Year (another year: its year shown), last run when it ran.
  await page.goto(`${panel.url}crontab`);
  const row = page.getByRole('table', { name: 'Scheduled tasks' }).getByRole('row', { name: /new year/ });
  await row.waitFor();
  const [lastShown, nextShown] = await row.locator('time').allInnerTexts();
  assertShown(nextShown!, newYear, 'the next run in the list');
  assert.match(
    nextShown!,
    new RegExp(String(wallOf(newYear, panelZone).year)),
    'a time of another year shows its year',
  );
  assertShown(lastShown!, run.started_at!, 'the last run in the list');
  const listDuration = (await textOf(row.locator('time').first().locator('xpath=..'))).split('·')[1]!.trim();
  await screenshot(page, 'one-clock-1-list');

  // The detail: the log file's time beside its name, the run history, the fields; one duration everywhere.
  await page.goto(`${panel.url}crontab/detail?id=${id}`);
  const logFiles = page.getByRole('list', { name: 'Log files' }).getByRole('listitem');
  await logFiles.first().waitFor();
  const fileName = await textOf(logFiles.first().getByRole('link'));
  const fileShown = await textOf(logFiles.first().locator('span').first());
  const stampAt = instantIn(parseStamp(fileName)!, panelZone, run.started_at!);
  assert.ok(
    Math.abs(stampAt - run.started_at!) < 5000,
    `the log name ${fileName} is the run's start on the panel's clock`,
  );
  assertShown(fileShown, stampAt, `the time beside ${fileName}`);
  const history = page.getByRole('table', { name: 'Run history' }).getByRole('row').nth(1);
  const cells = await history.getByRole('cell').allInnerTexts();
  assertShown(cells[2]!, run.started_at!, 'the run history');
  assert.equal(cells[3]!.trim(), listDuration, 'the run history and the list round a duration alike');
  assert.equal(await textOf(fieldOf(page, 'Last duration')), listDuration, "the detail's last duration too");
  assertShown(await textOf(fieldOf(page, 'Next run')), newYear, "the detail's next run");
  assertShown(await textOf(fieldOf(page, 'Last run')), run.started_at!, "the detail's last run");
  await screenshot(page, 'one-clock-2-detail');

  // The form's preview of the schedule: the panel's New Year, not the browser's.
  await page.goto(`${panel.url}crontab/modal?id=${id}`);
  const preview = page.getByRole('region', { name: 'Schedule preview' });
  assertShown(await textOf(preview.getByRole('listitem').first()), newYear, 'the schedule preview');
  assert.match(await textOf(preview), new RegExp(panelZone.replace('/', '\\/')), 'the preview names the zone');

  // Backups: the time beside the name is the name's.
  await page.goto(`${panel.url}setting/other`);
  const backupRow = page.getByRole('table', { name: 'Backups' }).getByRole('row', { name: new RegExp(backupName) });
  await backupRow.waitFor();
  const made = (await backupRow.getByRole('cell').allInnerTexts())[1]!;
  const nameAt = instantIn(parseStamp(backupName.replace(/^baihu-/, ''))!, panelZone, now);
  assertShown(made, nameAt, `the time beside ${backupName}`);
  await backupRow.scrollIntoViewIfNeeded();
  await screenshot(page, 'one-clock-3-backups');
});
