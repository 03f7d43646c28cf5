/// <reference lib="dom" />
/**
 * About and the overview's storage in the browser show the data folder as it is when opened: 33 logs in nested task
 * folders and 13 scripts in nested folders, written after the panel first measured, are counted the next time each
 * page opens, with the time of the measurement on the panel's clock (helpers/zones.ts: host, panel and browser in
 * different zones).
 */
// @zoned
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/app.ts';
import { screenshot, signedInPage, signedInPanel } from '../helpers/browser.ts';
import { browserZone, instantIn, panelZone, wallOf } from '../helpers/zones.ts';

function walk(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const inner = entry.isDirectory() ? walk(full) : { files: 1, bytes: lstatSync(full).size };
    files += inner.files;
    bytes += inner.bytes;
  }
  return { files, bytes };
}

/** "Measured Dec 2, 5:15:01 AM": the instant it names on the panel's clock. */
function measuredAt(text: string): number {
  const m = /([A-Z][a-z]{2}) (\d{1,2}),(?: (\d{4}),)? (\d{1,2}):(\d{2}):(\d{2})\s?(AM|PM)/.exec(text);
  assert.ok(m, `"${text}" names a time`);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hour = (Number(m[4]) % 12) + (m[7] === 'PM' ? 12 : 0);
  const now = Date.now();
  const wall = { year: m[3] ? Number(m[3]) : wallOf(now, panelZone).year, month: months.indexOf(m[1]!) + 1 };
  return instantIn({ ...wall, day: Number(m[2]), hour, minute: Number(m[5]), second: Number(m[6]) }, panelZone, now);
}

test('About and the overview count the files written since the last look, and say when, on the panel clock', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  await call(panel.app, 'PUT', `${api}/system/config/timezone`, { token, payload: { timezone: panelZone } });
  const { page } = await signedInPage(browser, token, { timezoneId: browserZone });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A first look, as the panel is right after setup.
  await page.goto(`${panel.url}setting/about`);
  const table = page.getByRole('table', { name: 'Data folder sizes' });
  await table.waitFor();

  const dataDir = panel.dataDir;
  for (let i = 0; i < 33; i++) {
    const folder = path.join(dataDir, 'log', `task_${i % 4}`, i % 3 === 0 ? 'parts' : '');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `2026-12-01-21-15-${String(i).padStart(2, '0')}-083.log`), 'x'.repeat(5000));
  }
  for (let i = 0; i < 13; i++) {
    const folder = path.join(dataDir, 'scripts', i < 5 ? '' : `repo_${i % 3}/lib`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `jd_${i}.js`), `console.log(${i});\n`);
  }
  const written = Date.now();

  await page.goto(`${panel.url}setting/about`);
  for (const name of ['log', 'scripts']) {
    const row = table.getByRole('row', { name: new RegExp(`^${name}\\b`) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.equal(Number(cells[1]), walk(path.join(dataDir, name)).files, `${name}: the files on disk`);
  }
  const measured = await page.getByText(/^Measured /).innerText();
  assert.ok(Math.abs(measuredAt(measured) - written) < 60_000, `"${measured}" is now on the panel's clock`);
  await screenshot(page, 'data-sizes-about');

  await page.goto(`${panel.url}dashboard`);
  const storage = page.getByRole('region', { name: 'Storage' });
  const logs = storage.getByRole('listitem').filter({ hasText: 'Logs' });
  const bytes = walk(path.join(dataDir, 'log')).bytes;
  await logs.getByText(`${Math.round(bytes / 1024)} KB`).waitFor();
  const dashboardMeasured = await storage.getByRole('listitem').filter({ hasText: 'Measured' }).innerText();
  assert.ok(Math.abs(measuredAt(dashboardMeasured) - written) < 60_000, dashboardMeasured);
  await screenshot(page, 'data-sizes-dashboard');
});
