/// <reference lib="dom" />
/**
 * A task's detail page: the duration chart spans its card and has a duration axis with units and the runs' dates
 * below; on a phone the run history comes before the task's many fields.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/app.ts';
import { screenshot, signedInPage, signedInPanel } from '../helpers/browser.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';
import { settle } from '../helpers/layout-checks.ts';
import { seedRecords } from '../helpers/route-sweep.ts';

test('task detail: the duration chart fills its card with axes and units; the phone shows run history first', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  await seedRecords(panel.app, token);
  // Three runs of task 1 (the seed started one), one after another.
  for (let n = 1; n <= 3; n++) {
    await waitFor(async () => (await runsOf(panel.app, 1)).filter((r) => r.finished_at !== null).length >= n, 20_000);
    if (n < 3) await call(panel.app, 'PUT', `${panel.app.ctx.config.baseUrl}api/crons/run`, { token, payload: [1] });
  }

  const { page } = await signedInPage(browser, token);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${panel.url}crontab/detail?id=1`);
  const chart = page.getByRole('img', { name: 'Durations of the last 3 runs; 3 failed' });
  await chart.waitFor();
  await settle(page);
  await screenshot(page, 'task-detail-chart-desktop');
  const sizes = await chart.evaluate((svg) => {
    const card = svg.closest('section')!;
    const padding = parseFloat(getComputedStyle(svg.closest('figure')!.parentElement!).paddingLeft) * 2;
    return { chart: svg.getBoundingClientRect().width, room: card.clientWidth - padding };
  });
  assert.ok(sizes.chart >= sizes.room - 2, `the chart is ${sizes.chart}px wide in ${sizes.room}px of card`);
  const ticks = await chart.locator('[data-axis="duration"] text').allTextContents();
  assert.ok(ticks.length >= 3, `duration ticks: ${ticks.join(', ')}`);
  for (const tick of ticks) assert.match(tick, /^\d+(\.\d+)? (ms|s)$|^\d+ m \d+ s$/, `a tick with its unit: ${tick}`);
  assert.equal(ticks[0], '0 ms');
  const dates = await chart.locator('[data-axis="runs"] text').allTextContents();
  assert.equal(dates.length, 2, 'the first and last run are dated below');
  for (const date of dates) assert.match(date, /\d/);

  // 390 px: the run history before the task's fields.
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const top = async (name: string) =>
    (await page.getByRole('heading', { name, exact: true }).boundingBox())?.y ?? Number.NaN;
  const history = await top('Run history');
  const fields = await top('Task');
  assert.ok(history < fields, `run history (y=${history}) comes before the task's fields (y=${fields})`);
  await screenshot(page, 'task-detail-phone');
});
