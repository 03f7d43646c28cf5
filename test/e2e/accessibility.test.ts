/// <reference lib="dom" />
/**
 * axe-core over every route of the route table (walked by test/helpers/route-sweep.ts, so a new route is checked
 * unasked), a task's detail and the create-task dialog, in English and Chinese, light and dark: no serious or critical
 * violation. axe is added to the page past the content security policy by the test's browser context (`bypassCSP`),
 * never by the daemon; a test shows the policy still refuses an injected script without it. And the keyboard: the
 * skip link, `/` to the page's search.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchBrowser, openPage, screenshotDir, signedInPage, signedInPanel, startPanel } from '../helpers/browser.ts';
import { settle, switchTheme } from '../helpers/layout-checks.ts';
import { seedRecords, sweepEveryRoute, type SweepCombo } from '../helpers/route-sweep.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const combos: SweepCombo[] = [
  { viewport: 'desktop', locale: 'en-US' },
  { viewport: 'desktop', locale: 'zh-CN' },
];
const themes = ['light', 'dark'] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** Runs axe on the page as it is now; the serious and critical violations, one line per element. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => {
        const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        return `${where}: ${v.id} (${v.impact}): ${n.target.join(' ')}: ${why} — ${n.html.slice(0, 160)}`;
      }),
    );
}

test('axe: every route, a task detail and the create dialog, English and Chinese, light and dark: no serious or critical violation', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const started = performance.now();
  let checks = 0;
  const problems = await sweepEveryRoute(browser, panel, {
    combos,
    bypassCSP: true,
    extras: ['/crontab/detail?id=1', '/crontab/modal'],
    look: async (page, combo, route) => {
      await settle(page);
      const found: string[] = [];
      for (const theme of themes) {
        await switchTheme(page, theme);
        found.push(...(await axeProblems(page, `${route.path} (${combo.locale}, ${theme})`)));
        checks++;
      }
      await switchTheme(page, 'light');
      return found;
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  t.diagnostic(`axe: ${checks} route × combination checks in ${seconds} s`);
  // Every violation on one line each, for people to read beside the screenshots.
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(path.join(screenshotDir, 'axe-violations.txt'), problems.map((p) => `${p}\n`).join(''));
  assert.equal(problems.length, 0, `${problems.length} violations:\n${problems.slice(0, 40).join('\n')}`);
});

test('the panel’s content security policy refuses an injected script when the browser does not bypass it', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const { page } = await openPage(browser);
  await page.goto(panel.url);
  await page.locator('body').waitFor();
  await assert.rejects(page.addScriptTag({ content: 'window.injected = 1;' }));
  assert.equal(await page.evaluate(() => 'injected' in window), false);
});

test('keyboard: "Skip to content" is the first Tab stop and moves focus to the page; "/" focuses the search (not while typing)', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  await seedRecords(panel.app, token);

  for (const [locale, skip] of [
    ['en-US', 'Skip to content'],
    ['zh-CN', '跳到正文'],
  ] as const) {
    const { page } = await signedInPage(browser, token, { locale });
    await page.goto(`${panel.url}crontab`);
    await page.getByRole('table').first().waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      visible: (document.activeElement as HTMLElement | null)?.getBoundingClientRect().width ?? 0,
    }));
    assert.equal(first.text, skip, `${locale}: the first Tab stop`);
    assert.ok(first.visible > 20, 'the skip link shows while it has focus');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'MAIN');
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('main')), 'the next Tab stop is in the page');
    await page.context().close();
  }

  const { page } = await signedInPage(browser, token);
  // "/" from anywhere outside a field: the page's search box, on every page that has one.
  for (const [path, search] of [
    ['crontab', 'Search tasks'],
    ['env', 'Search variables'],
    ['log', 'Search all logs'],
  ] as const) {
    await page.goto(`${panel.url}${path}`);
    const box = page.getByRole('searchbox', { name: search });
    await box.waitFor();
    await page.locator('h1').click();
    await page.keyboard.press('/');
    assert.equal(await box.evaluate((el) => el === document.activeElement), true, `/ focuses "${search}"`);
    assert.equal(await box.inputValue(), '', 'the / is not typed into it');
  }
  // Typing a "/" in a field types it.
  await page.goto(`${panel.url}crontab`);
  const box = page.getByRole('searchbox', { name: 'Search tasks' });
  await box.fill('a');
  await box.press('/');
  assert.equal(await box.inputValue(), 'a/');
  await page.goto(`${panel.url}crontab/modal`);
  const name = page.getByRole('dialog').getByLabel('Name', { exact: true });
  await name.click();
  await page.keyboard.type('a/b');
  assert.equal(await name.inputValue(), 'a/b');
  // In the code editor too.
  await page.goto(`${panel.url}config`);
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type('//');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null), true);
  assert.ok((await editor.innerText()).includes('//'));
});
