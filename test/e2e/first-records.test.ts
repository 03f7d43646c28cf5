/// <reference lib="dom" />
/**
 * The first record of each area appears in its list the moment its form is saved: every change the UI sends refreshes
 * the lists that show what it changed, through one mechanism (lib/api.ts tells lib/changes.ts; useResourceList
 * listens for its resource), not a signal each page remembers to send. One case per create form; the page is never
 * reloaded in between.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { initAccount, login } from '../helpers/app.ts';
import { launchBrowser, screenshot, signedInPage, startPanel } from '../helpers/browser.ts';

interface Area {
  name: string;
  path: string;
  empty: string;
  create: string;
  dialog: string;
  fill: (dialog: Locator) => Promise<void>;
  submit: string;
  /** Where the new record shows (table or cards). */
  shown: (page: Page) => Locator;
}

const areas: Area[] = [
  {
    name: 'task',
    path: 'crontab',
    empty: 'Create your first task',
    create: 'New task',
    dialog: 'New task',
    fill: async (d) => {
      await d.getByLabel('Name', { exact: true }).fill('first task');
      await d.getByLabel('Command', { exact: true }).fill('echo first');
      await d.getByLabel('Schedule', { exact: true }).fill('0 0 1 1 *');
    },
    submit: 'Save',
    shown: (p) => p.getByRole('table', { name: 'Scheduled tasks' }).getByRole('link', { name: 'first task' }),
  },
  {
    name: 'variable',
    path: 'env',
    empty: 'Add your first variable',
    create: 'New variable',
    dialog: 'New variables',
    fill: async (d) => {
      await d.getByLabel('Name', { exact: true }).first().fill('FIRST_TOKEN');
      await d.getByLabel('Value', { exact: true }).first().fill('abc');
    },
    submit: 'Save',
    shown: (p) => p.getByRole('table', { name: 'Environment variables' }).getByText('FIRST_TOKEN'),
  },
  {
    name: 'subscription',
    path: 'subscription',
    empty: 'No subscriptions yet',
    create: 'New subscription',
    dialog: 'New subscription',
    fill: async (d) => {
      await d.getByLabel('Name', { exact: true }).fill('first subscription');
      await d.getByLabel('Link', { exact: true }).fill('https://example.com/owner/scripts.git');
      await d.getByLabel('Branch', { exact: true }).fill('main');
      await d.getByLabel('Schedule', { exact: true }).fill('0 0 1 1 *');
    },
    submit: 'Save',
    shown: (p) => p.getByRole('table', { name: 'Subscriptions' }).getByText('first subscription'),
  },
  {
    name: 'dependency',
    path: 'dependence',
    empty: 'No Node dependencies yet',
    create: 'New dependency',
    dialog: 'New dependency',
    fill: async (d) => {
      await d.getByLabel('Names', { exact: true }).fill('first-package');
    },
    submit: 'Install',
    shown: (p) => p.getByRole('table', { name: 'Dependencies' }).getByText('first-package'),
  },
  {
    name: 'application',
    path: 'setting/app',
    empty: 'No applications yet',
    create: 'New application',
    dialog: 'New application',
    fill: async (d) => {
      await d.getByLabel('Name', { exact: true }).fill('first-app');
    },
    submit: 'Create',
    shown: (p) => p.getByRole('table', { name: 'Applications' }).getByText('first-app'),
  },
];

test('the first record of every area shows in its list as soon as its form is saved', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  await initAccount(panel.app);
  // The dependency installs against a registry that answers nothing (nothing leaves the machine).
  await panel.app.ctx.settings.set('nodeMirror', 'http://127.0.0.1:9/');
  const token = await login(panel.app);
  const { page } = await signedInPage(browser, token);
  await page.setViewportSize({ width: 1440, height: 900 });

  for (const area of areas) {
    await page.goto(`${panel.url}${area.path}`);
    await page.getByText(area.empty).first().waitFor();
    await page.getByRole('button', { name: area.create }).first().click();
    const dialog = page.getByRole('dialog', { name: area.dialog });
    await area.fill(dialog);
    await dialog.getByRole('button', { name: area.submit, exact: true }).click();
    // An application's secret is shown once, in the dialog that made it, over the list: Esc once it shows (before,
    // Esc would reach the form, which asks before throwing away what was typed).
    if (area.name === 'application') {
      await page.getByRole('dialog', { name: /Application created/ }).waitFor();
      await page.keyboard.press('Escape');
    }
    await area.shown(page).waitFor({ timeout: 5000 });
    assert.equal(await page.getByText(area.empty).count(), 0, `the ${area.name} list no longer says "${area.empty}"`);
    await screenshot(page, `first-records-${area.name}`);
  }
});
