/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, screenshot, signedInPanel } from '../helpers/browser.ts';

test('other settings: task concurrency and time zone are validated, saved and in force at once', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const { context, page } = await openPage(browser);
  await context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);

  await page.goto(`${panel.url}setting/other`);
  const concurrency = page.getByLabel('Task concurrency', { exact: true });
  const save = page.getByRole('button', { name: 'Save scheduling settings' });
  await concurrency.fill('0');
  await save.click();
  await page.getByText('Task concurrency must be a whole number from 1 to 64').waitFor();
  await concurrency.fill('3');
  await page.getByLabel('Time zone', { exact: true }).fill('Asia/Shanghai');
  await save.click();
  await page.getByText('Scheduling settings saved').waitFor();
  await screenshot(page, 'settings-other-desktop-en-light');
  assert.equal(panel.app.ctx.taskRuns.timezone(), 'Asia/Shanghai');
  assert.equal(panel.app.ctx.settings.get('cronConcurrency'), 3);

  const phone = await openPage(browser, { viewport: 'phone', colorScheme: 'dark' });
  await phone.context.addInitScript((value) => {
    localStorage.setItem('baihu_token', value);
    localStorage.setItem('lang', 'zh');
  }, token);
  await phone.page.goto(`${panel.url}setting/other`);
  await phone.page.getByLabel('时区', { exact: true }).waitFor();
  assert.equal(await phone.page.getByLabel('时区', { exact: true }).inputValue(), 'Asia/Shanghai');
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page is ${overflow}px wider than the phone`);
  await screenshot(phone.page, 'settings-other-phone-zh-dark');
});

test('other settings: one Save per card, all in one look; log deletion off shows no next run', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const { context, page } = await openPage(browser, { viewport: 'desktop' });
  await context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);
  await page.goto(`${panel.url}setting/other`);
  await page.getByLabel('Task concurrency', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save run history settings' }).waitFor();

  // Each card with a setting has one Save, drawn alike (one variant, one place: below the fields, at the start).
  const cards = await page.locator('main section').evaluateAll((sections) =>
    sections
      .filter((s) => !s.parentElement?.closest('section'))
      .map((section) => {
        const saves = Array.from(section.querySelectorAll('button')).filter((b) =>
          /^(Save|保存)$/.test(b.innerText.trim()),
        );
        return {
          title: section.querySelector('h2')?.textContent ?? '',
          saves: saves.map((b) => ({ variant: b.dataset.variant, className: b.className })),
        };
      }),
  );
  const withSave = cards.filter((c) => c.saves.length > 0);
  assert.ok(withSave.length >= 4, `cards with a Save: ${withSave.map((c) => c.title).join(', ')}`);
  for (const card of withSave) assert.equal(card.saves.length, 1, `"${card.title}" has one Save`);
  assert.deepEqual([...new Set(withSave.map((c) => c.saves[0]!.className))].length, 1, 'every Save looks the same');
  assert.equal(withSave[0]!.saves[0]!.variant, 'primary');

  // Log deletion off (the default) while run history still has its passes: no "Next run" under log deletion.
  const logCard = page.locator('main section').filter({ has: page.getByRole('heading', { name: 'Log deletion' }) });
  assert.equal(await logCard.getByText(/^Next run/).count(), 0, 'log deletion is off: no next run');
  await logCard.getByRole('spinbutton').fill('7');
  await logCard.getByRole('button', { name: 'Save Log deletion frequency (days)' }).click();
  await logCard.getByText(/^Next run: /).waitFor();
  await logCard.getByRole('spinbutton').fill('0');
  await logCard.getByRole('button', { name: 'Save Log deletion frequency (days)' }).click();
  await page.getByText('Log deletion is off').waitFor();
  await logCard.getByText(/^Next run/).waitFor({ state: 'detached' });
  await screenshot(page, 'settings-other-cards');
});
