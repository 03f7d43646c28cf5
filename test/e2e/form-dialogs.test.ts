/// <reference lib="dom" />
/**
 * Form dialogs keep what was typed: in every modal route of the route table that has a field, Esc or a click
 * outside after typing asks first (one mechanism, in the Dialog primitive), and without typing closes at once. The
 * task form points out a name another task has (a warning: Qinglong allows it, so it still saves), and the variable
 * form says at the field when a value is bigger than a run can receive (Linux's per-variable limit, contract/envs.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maxVariableBytes } from '../../daemon/src/contract/envs.ts';
import { call } from '../helpers/app.ts';
import { screenshot, signedInPage, signedInPanel } from '../helpers/browser.ts';
import { settle } from '../helpers/layout-checks.ts';
import { seedRecords } from '../helpers/route-sweep.ts';
import { uiRoutes } from '../helpers/ui-routes.ts';

const textField = 'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]):not([readonly]), textarea';

test('every form dialog asks before Esc or a click outside throws away what was typed', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  await seedRecords(panel.app, token);
  const { page } = await signedInPage(browser, token);

  const modals = (await uiRoutes()).filter((r) => r.kind === 'modal');
  const guarded: string[] = [];
  for (const modal of modals) {
    for (const query of ['', '?id=1']) {
      await page.goto(`${panel.url}${modal.path.slice(1)}${query}`);
      await page.locator('header').first().waitFor();
      await settle(page);
      const dialog = page.getByRole('dialog').last();
      const field = dialog.locator(textField).first();
      // A modal without a text field (a log, a choice of type) has nothing to lose.
      if ((await dialog.count()) === 0 || (await field.count()) === 0) continue;
      const where = `${modal.path}${query}`;

      // Nothing typed: Esc closes at once.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto(`${panel.url}${modal.path.slice(1)}${query}`);
      await field.waitFor();
      await field.click();
      await page.keyboard.type('x');
      const typed = await field.inputValue();
      await page.keyboard.press('Escape');
      const ask = page.getByRole('alertdialog', { name: 'Discard what you entered?' });
      await ask.waitFor({ timeout: 5_000 }).catch(() => assert.fail(`${where}: Esc closed without asking`));
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'detached' });
      assert.equal(await field.inputValue(), typed, `${where}: the text is still there`);
      // A click on the dim page around the dialog asks too; "Discard" closes it.
      await page.mouse.click(3, 3);
      await ask.waitFor({ timeout: 5_000 }).catch(() => assert.fail(`${where}: a click outside closed it`));
      await ask.getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'detached' });
      guarded.push(where);
    }
  }
  // The task, variable, subscription, dependency, script, application and view forms at least.
  t.diagnostic(`form dialogs checked: ${guarded.join(', ')}`);
  assert.ok(guarded.length >= 10, `form dialogs checked: ${guarded.join(', ')}`);
});

test('task form: a name another task has is pointed out, and still saves; a variable too big for a run is refused at its field', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  await seedRecords(panel.app, token);
  const { page } = await signedInPage(browser, token);
  const warning = 'Another task already has this name. You can save it, but the two are easy to mix up.';

  // A task's own name is not another task's: editing task 1 as it is warns of nothing, once the check has answered.
  const asked = page.waitForResponse((r) => r.url().includes('/api/crons?') && r.url().includes('queryString'));
  await page.goto(`${panel.url}crontab/modal?id=1`);
  const edit = page.getByRole('dialog', { name: 'Edit task' });
  await asked;
  assert.equal(await edit.getByLabel('Name', { exact: true }).inputValue(), 'Daily sign-in');
  assert.equal(await edit.getByText(warning).count(), 0);
  await edit
    .getByLabel('Name', { exact: true })
    .fill('A task with a rather long name to see how rows and cards wrap it');
  await edit.getByText(warning).waitFor();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`${panel.url}crontab/modal`);
  const form = page.getByRole('dialog', { name: 'New task' });
  const name = form.getByLabel('Name', { exact: true });
  await name.fill('Daily sign-in');
  await form.getByText(warning).waitFor();
  assert.match((await name.getAttribute('aria-describedby')) ?? '', /warning/, 'the warning is read with the field');
  await screenshot(page, 'form-duplicate-task-name');
  await name.fill('Daily sign-in 2');
  await form.getByText(warning).waitFor({ state: 'detached' });
  await name.fill('Daily sign-in');
  await form.getByText(warning).waitFor();
  await form.getByLabel('Command', { exact: true }).fill('echo again');
  await form.getByLabel('Schedule', { exact: true }).fill('0 0 1 1 *');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  const apiBase = `${panel.app.ctx.config.baseUrl}api`;
  const list = await call(panel.app, 'GET', `${apiBase}/crons?searchValue=Daily%20sign-in&page=1&size=10`, { token });
  assert.equal(
    (list.body.data as { data: { name: string }[] }).data.filter((c) => c.name === 'Daily sign-in').length,
    2,
  );
  // A value one byte past what one variable may hold in a run: said at the field as it is typed, nothing sent.
  await page.goto(`${panel.url}env/modal`);
  const envForm = page.getByRole('dialog', { name: 'New variables' });
  await envForm.getByLabel('Name', { exact: true }).fill('BIG');
  const value = envForm.getByLabel('Value', { exact: true });
  await value.fill('x'.repeat(maxVariableBytes - 'BIG'.length - 2));
  assert.equal(await value.getAttribute('aria-invalid'), null, 'exactly at the limit fits');
  await value.press('End');
  await page.keyboard.type('x');
  const message = "This value is 129 KB: a run can receive at most 128 KB in one variable (Linux's limit).";
  await envForm.getByText(message).waitFor();
  assert.equal(await value.getAttribute('aria-invalid'), 'true');
  await envForm.getByRole('button', { name: 'Save' }).click();
  await envForm.getByText(message).waitFor();
  const envs = await call(panel.app, 'GET', `${apiBase}/envs?searchValue=BIG`, { token });
  assert.deepEqual(
    (envs.body.data as { name: string }[]).filter((e) => e.name === 'BIG'),
    [],
  );
});
