/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { initAccount, login } from '../helpers/app.ts';
import { launchBrowser, screenshot, startPanel, signedInPage } from '../helpers/browser.ts';
import { assertNoHorizontalOverflow } from '../helpers/layout-checks.ts';

async function typeInEditor(page: Page, text: string, editor = page.locator('.cm-content').first()) {
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(text);
}

test('scripts, config, diff and logs: edit, save, debug-run, compare, and a 100 MB log', async (t) => {
  const panel = await startPanel(t);
  await initAccount(panel.app);
  const token = await login(panel.app);
  const browser = await launchBrowser(t);
  const scriptsDir = path.join(panel.dataDir, 'scripts');
  const configDir = path.join(panel.dataDir, 'config');

  await t.test('create, edit, save, the unsaved prompt, debug run, rename and delete a script', async () => {
    const { page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}script`);
    await page.getByRole('navigation', { name: 'Script files' }).waitFor();

    // Create.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'New script' });
    await create.getByLabel('File name').fill('a/b.js');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('File name cannot contain slashes').waitFor();
    await create.getByLabel('File name').fill('hello.js');
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Contents of hello.js' }).waitFor();
    assert.ok(existsSync(path.join(scriptsDir, 'hello.js')));
    assert.match(page.url(), /file=hello\.js/);

    // Edit and save with mod+s.
    await typeInEditor(page, 'console.log("\\u001b[32mhi from debug\\u001b[0m");\n');
    await page.getByTestId('unsaved').waitFor();
    await page.keyboard.press('Control+s');
    await page.getByTestId('unsaved').waitFor({ state: 'detached' });
    assert.match(readFileSync(path.join(scriptsDir, 'hello.js'), 'utf8'), /hi from debug/);

    // Editor settings (script/setting): a bigger font applies to the open editor at once.
    await page.getByRole('button', { name: 'Editor settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Editor settings' });
    await settings.getByLabel('Font size').selectOption('16');
    await settings.getByRole('radio', { name: 'Wrap' }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'detached' });
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.cm-editor')!).fontSize === '16px');
    assert.match(page.url(), /\/script\?file=hello\.js/);

    // The unsaved-changes prompt: leaving through the menu asks first; Cancel stays.
    await typeInEditor(page, '// more\n');
    await page.getByTestId('unsaved').waitFor();
    await page.getByRole('link', { name: 'Environment Variables' }).first().click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await screenshot(page, 'files-script-unsaved-desktop-en-light');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    assert.match(page.url(), /\/script/);
    // The browser's back button asks too; staying keeps the text, and the next press asks again.
    await page.goBack();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    assert.match(page.url(), /\/script\?file=hello\.js/);
    await page.getByTestId('unsaved').waitFor();
    await page.goBack();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('Control+s');
    await page.getByTestId('unsaved').waitFor({ state: 'detached' });

    // Debug run: live output beside the editor, exit code and duration.
    await page.getByRole('button', { name: 'Debug', exact: true }).click();
    const debug = page.getByRole('region', { name: 'Debug run' });
    await debug.getByRole('button', { name: 'Run', exact: true }).click();
    await debug.getByTestId('exit-code').waitFor({ timeout: 20_000 });
    assert.equal(await debug.getByTestId('exit-code').textContent(), '0');
    await debug.getByRole('log', { name: 'Debug output' }).getByText('hi from debug').waitFor();
    await screenshot(page, 'files-script-debug-desktop-en-light');
    await debug.getByRole('button', { name: 'Close' }).click();

    // Rename.
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    const rename = page.getByRole('dialog', { name: 'Rename script' });
    await rename.getByLabel('New name').fill('renamed.js');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Contents of renamed.js' }).waitFor();
    assert.ok(existsSync(path.join(scriptsDir, 'renamed.js')));
    assert.ok(!existsSync(path.join(scriptsDir, 'hello.js')));

    // Delete, with confirmation.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this script?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Open a script').waitFor();
    assert.ok(!existsSync(path.join(scriptsDir, 'renamed.js')));
    await page.context().close();
  });

  await t.test('a script opened by ?file= on a phone, in Chinese and dark', async () => {
    mkdirSync(path.join(scriptsDir, 'demo'), { recursive: true });
    writeFileSync(path.join(scriptsDir, 'demo', 'task.py'), 'import os\n\nprint("hello", os.getcwd())\n');
    const { page } = await signedInPage(browser, token, { viewport: 'phone', locale: 'zh-CN', colorScheme: 'dark' });
    await page.goto(`${panel.url}script`);
    await page.getByRole('navigation', { name: '脚本文件' }).getByRole('button', { name: 'demo' }).waitFor();
    await screenshot(page, 'files-script-tree-phone-zh-dark');
    await page.goto(`${panel.url}script?file=demo%2Ftask.py`);
    await page.getByRole('textbox', { name: 'task.py 的内容' }).waitFor();
    await assertNoHorizontalOverflow(page);
    await screenshot(page, 'files-script-editor-phone-zh-dark');
    await page.context().close();
  });

  await t.test('config: edit and save config.sh', async () => {
    const { page } = await signedInPage(browser, token, { colorScheme: 'dark' });
    await page.goto(`${panel.url}config`);
    await page.getByRole('textbox', { name: 'Contents of config.sh' }).waitFor();
    await typeInEditor(page, '\nexport BAIHU_E2E="yes"\n');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('unsaved').waitFor({ state: 'detached' });
    assert.match(readFileSync(path.join(configDir, 'config.sh'), 'utf8'), /BAIHU_E2E="yes"/);
    await screenshot(page, 'files-config-desktop-en-dark');
    await page.context().close();
  });

  await t.test('diff: config.sh against its sample, copy a change across and save', async () => {
    const sample = readFileSync(
      path.join(import.meta.dirname, '../../daemon/src/modules/configs/samples/config.sample.sh'),
      'utf8',
    );
    writeFileSync(path.join(configDir, 'config.sh'), sample.replace(/\n/, '\n# changed locally\n'));
    const { page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}diff`);
    await page.getByTestId('merge-view').waitFor();
    const revert = page.locator('.cm-merge-revert button').first();
    await revert.waitFor();
    await screenshot(page, 'files-diff-desktop-en-light');
    await revert.click();
    await page.getByText('Unsaved').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Unsaved').waitFor({ state: 'detached' });
    assert.equal(readFileSync(path.join(configDir, 'config.sh'), 'utf8'), sample);
    await page.context().close();
  });

  await t.test('a 100 MB log opens from its end without freezing the page', async () => {
    const dir = path.join(panel.dataDir, 'log', 'big');
    mkdirSync(dir, { recursive: true });
    const line = Buffer.from('\u001b[36m2026-01-01 00:00:00\u001b[0m a line of a very long log, padding padding\n');
    const size = 100 * 1024 * 1024;
    const big = Buffer.alloc(size, line);
    const last = Buffer.from('\u001b[31mTHE LAST LINE\u001b[0m\n');
    // Whole lines, then the last one.
    const cut = size - (size % line.length) - line.length;
    last.copy(big, cut);
    writeFileSync(path.join(dir, 'x.log'), big.subarray(0, cut + last.length));

    const { page } = await signedInPage(browser, token, { colorScheme: 'dark' });
    await page.goto(`${panel.url}log`);
    await page.getByRole('navigation', { name: 'Log files' }).getByRole('button', { name: 'big' }).click();
    await page.getByRole('button', { name: /x\.log/ }).click();
    const log = page.getByRole('log', { name: 'Contents of x.log' });
    await log.getByText('THE LAST LINE').waitFor({ timeout: 10_000 });
    const started = Date.now();
    await page.evaluate(() => 1 + 1);
    assert.ok(Date.now() - started < 1000, 'the page answers within a second');
    assert.ok(await log.getByText('THE LAST LINE').isVisible());
    const chars = await log.evaluate((el) => el.textContent?.length ?? 0);
    assert.ok(chars < 600_000, `only the end is in the page (${chars} characters)`);
    // Only the rows on screen are drawn, so "more loaded" is read from the number of lines the view holds.
    const lines = Number(await log.getAttribute('data-lines'));
    await page.getByRole('button', { name: 'Load earlier' }).click();
    await page.waitForFunction(
      (before) => Number(document.querySelector('[role="log"]')?.getAttribute('data-lines') ?? 0) > before,
      lines,
    );
    assert.ok(await log.getByText('THE LAST LINE').isVisible(), 'the view stays on the line the reader was at');
    await screenshot(page, 'files-log-desktop-en-dark');
    await page.context().close();

    const phone = await signedInPage(browser, token, { viewport: 'phone', locale: 'zh-CN' });
    await phone.page.goto(`${panel.url}log?file=big%2Fx.log`);
    await phone.page.getByRole('log', { name: 'x.log 的内容' }).getByText('THE LAST LINE').waitFor();
    await assertNoHorizontalOverflow(phone.page);
    await screenshot(phone.page, 'files-log-phone-zh-light');
    await phone.context.close();
  });
});
