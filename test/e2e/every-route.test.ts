/// <reference lib="dom" />
/**
 * Every route of the route table (ui/src/routes.ts, walked by test/helpers/route-sweep.ts) at desktop and phone
 * width, in English and Chinese, light and dark: a screenshot of each under test-results/e2e/routes/ for people to
 * look at, a check that nothing scrolls sideways and no two controls overlap, and that every primary button looks on
 * when it can be clicked and off when it cannot. Public pages are seen before setup (/initialization) and signed out
 * (/login); every other route signed in, with a few records to show.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, startPanel } from '../helpers/browser.ts';
import { buttonLookProblems, primaryButtonLooks, type ButtonLook } from '../helpers/button-looks.ts';
import { layoutProblems, settle, switchTheme } from '../helpers/layout-checks.ts';
import { routeFileName, sweepEveryRoute, type SweepCombo } from '../helpers/route-sweep.ts';

const combos: SweepCombo[] = [
  { viewport: 'desktop', locale: 'en-US' },
  { viewport: 'phone', locale: 'en-US' },
  { viewport: 'desktop', locale: 'zh-CN' },
  { viewport: 'phone', locale: 'zh-CN' },
];
const comboName = (c: SweepCombo) => `${c.viewport}-${c.locale === 'en-US' ? 'en' : 'zh'}`;

/** Looks at one screen in both themes; returns what is wrong with it. Notes the primary buttons' looks. */
async function inspect(page: Page, combo: SweepCombo, route: string, looks: ButtonLook[]): Promise<string[]> {
  await settle(page);
  const found = (await layoutProblems(page)).map((p) => `${route} (${comboName(combo)}): ${p.kind}: ${p.detail}`);
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await screenshot(page, `routes/${routeFileName(route)}-${comboName(combo)}-${theme}`);
    looks.push(...(await primaryButtonLooks(page, `${route} (${comboName(combo)}, ${theme})`)));
  }
  await switchTheme(page, 'light');
  return found;
}

test('every route at 1440 px and 390 px, English and Chinese, light and dark: no sideways scroll, no overlap, primary buttons look on or off as they are', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const looks: ButtonLook[] = [];
  const problems = await sweepEveryRoute(browser, panel, {
    combos,
    look: async (page, combo, route) => {
      const found = await inspect(page, combo, route.path, looks);
      if (route.path !== '/initialization') return found;
      // The wizard's account step, one click on: its "Create account" is a button people took for disabled.
      const en = combo.locale === 'en-US';
      await page.getByRole('button', { name: en ? 'Start' : '开始', exact: true }).click();
      await page.getByRole('button', { name: en ? 'Create account' : '创建账户' }).waitFor();
      return [...found, ...(await inspect(page, combo, '/initialization/account', looks))];
    },
  });
  assert.deepEqual(problems, []);

  // The buttons people took for disabled while they could be clicked, and some that really are disabled.
  const enabled = new Set(looks.filter((l) => !l.disabled).map((l) => l.text));
  for (const text of ['Create account', 'Save', 'Back up now', '创建账户', '保存', '立即备份'])
    assert.ok(enabled.has(text), `an enabled "${text}" was seen`);
  assert.ok(looks.filter((l) => l.disabled).length >= 8, 'disabled primary buttons were seen');
  assert.deepEqual(buttonLookProblems(looks), []);
});
