/// <reference lib="dom" />
/**
 * The rough edges a new user hit in an hour with the panel (issue 14), one browser test each: wording in both
 * languages, forms whose errors go once fixed, flows that end where they should, and phone-width layout.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { account, call } from '../helpers/app.ts';
import { launchBrowser, openPage, screenshot, signedInPage, signedInPanel, startPanel } from '../helpers/browser.ts';
import { layoutProblems, settle } from '../helpers/layout-checks.ts';

test('the panel at a glance: wording, forms and flows', async (t) => {
  const { browser, panel, token } = await signedInPanel(t);
  const api = `${panel.app.ctx.config.baseUrl}api`;
  const post = async (url: string, payload: unknown) => {
    const res = await call(panel.app, 'POST', `${api}/${url}`, { token, payload });
    assert.equal(res.body.code, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  for (const name of ['backup', 'report', 'cleanup'])
    await post('crons', { name, command: `echo ${name}`, schedule: '0 0 1 1 *' });

  await t.test('Chinese names the panel 白虎; confirmations say one task or how many', async () => {
    const { context, page } = await signedInPage(browser, token, { locale: 'zh-CN' });
    await page.goto(`${panel.url}crontab`);
    await page.getByRole('link', { name: '定时任务' }).waitFor();
    assert.equal(await page.getByText('白虎', { exact: true }).count(), 1);
    assert.equal(await page.getByText('Baihu', { exact: true }).count(), 0);
    assert.match(await page.title(), /白虎$/);
    await context.close();

    const english = await signedInPage(browser, token);
    const p = english.page;
    await p.goto(`${panel.url}crontab`);
    await p.getByRole('button', { name: 'More actions for backup' }).click();
    await p.getByRole('menuitem', { name: 'Delete' }).click();
    const one = p.getByRole('alertdialog', { name: 'Delete task “backup” and its run history?' });
    await one.getByText('Its log files stay on disk. This cannot be undone.').waitFor();
    await one.getByRole('button', { name: 'Cancel' }).click();
    await one.waitFor({ state: 'detached' });

    const table = p.getByRole('table', { name: 'Scheduled tasks' });
    await table.getByRole('checkbox', { name: 'Select all' }).check();
    const bar = p.getByRole('toolbar', { name: 'Actions for the selected tasks' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const many = p.getByRole('alertdialog', { name: 'Delete 3 tasks and their run history?' });
    await many.getByText('Their log files stay on disk. This cannot be undone.').waitFor();
    await screenshot(p, 'glance-delete-three');
    await many.getByRole('button', { name: 'Cancel' }).click();
    await english.context.close();
  });

  await t.test('Stop cannot be chosen where nothing runs, in the row menu and the batch bar', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}crontab`);
    await page.getByRole('button', { name: 'More actions for report' }).click();
    assert.equal(await page.getByRole('menuitem', { name: 'Stop' }).getAttribute('aria-disabled'), 'true');
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Scheduled tasks' });
    await table.getByRole('checkbox', { name: /^Select report/ }).check();
    const bar = page.getByRole('toolbar', { name: 'Actions for the selected tasks' });
    assert.ok(await bar.getByRole('button', { name: 'Stop' }).isDisabled());
    assert.ok(await bar.getByRole('button', { name: 'Run' }).isEnabled());
    await context.close();
  });

  await t.test('a field error goes as soon as the value is valid: the task form and the security form', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}crontab/modal`);
    const form = page.getByRole('dialog', { name: 'New task' });
    const schedule = form.getByLabel('Schedule', { exact: true });
    await form.getByLabel('Name', { exact: true }).fill('fast');
    await form.getByLabel('Command', { exact: true }).fill('echo fast');
    await schedule.fill('*/20 * * *');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Incorrect Cron Expression Format').waitFor();
    assert.equal(await schedule.getAttribute('aria-invalid'), 'true');
    // Fixed without saving again: the message and the red border go while the preview describes it.
    await schedule.fill('*/20 * * * * *');
    await form.getByTestId('schedule-description').getByText('Every 20 seconds').waitFor();
    await form.getByText('Incorrect Cron Expression Format').waitFor({ state: 'detached' });
    assert.equal(await schedule.getAttribute('aria-invalid'), null);
    // Emptied again, it says what is wrong now.
    await schedule.fill('');
    await form.getByText('Please enter schedule').waitFor();
    await screenshot(page, 'glance-form-error-live');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${panel.url}setting/security`);
    const current = page.getByLabel('Current password', { exact: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Please enter current password').waitFor();
    await current.fill('x');
    await page.getByText('Please enter current password').waitFor({ state: 'detached' });
    assert.equal(await current.getAttribute('aria-invalid'), null);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const tooShort = page.getByText(/New password must be at least \d+ characters/);
    await tooShort.waitFor();
    await page.getByLabel('New password', { exact: true }).fill('long-enough-password');
    await tooShort.waitFor({ state: 'detached' });
    await page.getByText('The two passwords you entered do not match!').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill('long-enough-password');
    await page.getByText('The two passwords you entered do not match!').waitFor({ state: 'detached' });
    await context.close();
  });

  await t.test('pasted variables: export, quotes and comments are read; every bad line is named', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}env/modal`);
    const form = page.getByRole('dialog', { name: 'New variables' });
    await form.getByRole('radio', { name: 'Paste lines' }).click();
    const box = form.getByLabel('Variables', { exact: true });
    const pasted = [
      '# from my .env',
      'export PUSH_KEY=abc123',
      '',
      'GREETING="hello world"',
      "QUOTED='single'",
      'not a variable',
      '2FAST=x',
    ];
    await box.fill(pasted.join('\n'));
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Line 6: not NAME=value').waitFor();
    await form.getByText(/^Line 7: 2FAST — only letters/).waitFor();
    await screenshot(page, 'glance-env-paste-errors');
    await box.fill(pasted.slice(0, 5).join('\n'));
    await form.getByText('Line 6: not NAME=value').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('3 variables added').waitFor();
    const res = await call(panel.app, 'GET', `${api}/envs`, { token });
    const values = Object.fromEntries(
      (res.body.data as { name: string; value: string }[]).map((e) => [e.name, e.value]),
    );
    assert.deepEqual(values, { PUSH_KEY: 'abc123', GREETING: 'hello world', QUOTED: 'single' });
    await context.close();
  });

  await t.test('the "Signed in" message covers neither the header controls nor the page\'s main button', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await openPage(browser, { viewport });
      // Asked for the task list, signed out: the sign-in page leads back to it (the overview is the default).
      await page.goto(`${panel.url}crontab`);
      await page.waitForURL(/\/login$/);
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const message = page.getByRole('status').filter({ hasText: 'Signed in' });
      await message.waitFor();
      await page.getByRole('button', { name: 'New task' }).first().waitFor();
      // The page's buttons arrive after the message: it moves below them.
      await page.waitForTimeout(300);
      const box = (await message.boundingBox())!;
      const controls = [
        page.getByRole('button', { name: 'Language' }),
        page.getByRole('button', { name: 'Theme' }),
        page.getByRole('button', { name: 'Account menu' }),
        page.getByRole('button', { name: 'New task' }).first(),
        page.getByRole('button', { name: 'From a template' }),
      ];
      for (const control of controls) {
        const other = (await control.boundingBox())!;
        const overlaps =
          box.x < other.x + other.width &&
          other.x < box.x + box.width &&
          box.y < other.y + other.height &&
          other.y < box.y + box.height;
        assert.ok(
          !overlaps,
          `the message covers ${(await control.getAttribute('aria-label')) ?? (await control.innerText())} (${viewport})`,
        );
      }
      await screenshot(page, `glance-signed-in-${viewport}`);
      await context.close();
    }
  });

  await t.test('/crontab/detail without a task lists the latest runs to pick from, never "not found"', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}crontab/detail`);
    const latest = page.getByRole('list', { name: 'Tasks by their last run' });
    await latest.getByRole('link', { name: /backup/ }).waitFor();
    assert.equal(await latest.getByText('Success').count(), 0, 'nothing has run yet');
    // A run that starts and ends while the page is open shows up without a reload.
    await call(panel.app, 'PUT', `${api}/crons/run`, { token, payload: [1] });
    await latest.getByText('Success').waitFor();
    assert.equal(await page.getByText('Not Found').count(), 0);
    await screenshot(page, 'glance-detail-without-task');
    await page.getByRole('searchbox', { name: 'Find a task' }).fill('clean');
    await latest.getByRole('link', { name: /cleanup/ }).waitFor();
    await latest.getByRole('link', { name: /backup/ }).waitFor({ state: 'detached' });
    await latest.getByRole('link', { name: /cleanup/ }).click();
    await page.waitForURL(/\/crontab\/detail\?id=3$/);
    await page.getByRole('heading', { name: 'cleanup' }).waitFor();
    await context.close();
  });

  await t.test('a single-file subscription has no file patterns, extensions or auto delete', async () => {
    const { context, page } = await signedInPage(browser, token);
    await page.goto(`${panel.url}subscription/modal`);
    const form = page.getByRole('dialog', { name: 'New subscription' });
    await form.getByText('More options').click();
    const repoOnly = ['Whitelist', 'Blacklist', 'Dependency files', 'File extensions'];
    for (const label of repoOnly) await form.getByLabel(label, { exact: true }).waitFor();
    await form.getByText(/Auto delete tasks/).waitFor();
    await form.getByLabel('Type', { exact: true }).selectOption('file');
    for (const label of repoOnly) assert.equal(await form.getByLabel(label, { exact: true }).count(), 0, label);
    assert.equal(await form.getByText(/Auto delete tasks/).count(), 0);
    await form.getByLabel('Command before', { exact: true }).waitFor();
    await screenshot(page, 'glance-subscription-single-file');
    await context.close();
  });

  await t.test(
    'diff: files grouped by kind and named once; on a phone the two sides are one above the other',
    async () => {
      const { context, page } = await signedInPage(browser, token);
      await page.goto(`${panel.url}diff`);
      await page.getByTestId('merge-view').waitFor();
      const left = page.getByRole('combobox').first();
      const right = page.getByRole('combobox').nth(1);
      await right.locator('optgroup[label="Samples"] option').first().waitFor({ state: 'attached' });
      const groups = await right.locator('optgroup').evaluateAll((all) =>
        all.map((g) => ({
          label: g.getAttribute('label'),
          options: Array.from(g.querySelectorAll('option'), (o) => o.textContent),
        })),
      );
      assert.deepEqual(groups.map((g) => g.label).slice(0, 2), ['Configuration files', 'Samples']);
      assert.ok(
        groups.every((g) => g.options.every((name) => !/^(config|sample|scripts)\//.test(name ?? ''))),
        `each file is named once, not with its kind again: ${JSON.stringify(groups)}`,
      );
      assert.ok(groups[0]!.options.includes('config.sh'), JSON.stringify(groups));
      assert.ok(groups[1]!.options.includes('config.sample.sh'), JSON.stringify(groups));
      assert.equal(await left.locator('optgroup[label="Samples"]').count(), 0, 'a sample is never the left side');
      assert.equal(await right.inputValue(), 'sample:sample/config.sample.sh');
      assert.equal(await right.locator('option:checked').innerText(), 'config.sample.sh');
      const sides = page.locator('.cm-mergeViewEditor');
      const [a, b] = [(await sides.nth(0).boundingBox())!, (await sides.nth(1).boundingBox())!];
      assert.ok(Math.abs(a.y - b.y) < 2 && b.x > a.x, 'side by side on a desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('.merge-stacked .cm-content').first().waitFor();
      const [c, d] = [(await sides.nth(0).boundingBox())!, (await sides.nth(1).boundingBox())!];
      assert.ok(d.y >= c.y + c.height - 1 && Math.abs(c.x - d.x) < 2, 'one above the other on a phone');
      await screenshot(page, 'glance-diff-phone');
      await context.close();
    },
  );

  await t.test('phone width: settings sections are a menu, editors wrap long lines', async () => {
    await call(panel.app, 'POST', `${api}/scripts`, {
      token,
      payload: { filename: 'long.js', path: '', content: `// ${'a long line '.repeat(40)}\nconsole.log(1);\n` },
    });
    const { context, page } = await signedInPage(browser, token, { viewport: 'phone', locale: 'zh-CN' });
    await page.goto(`${panel.url}setting/security`);
    const sections = page.getByRole('combobox', { name: '设置分类' });
    await sections.selectOption({ label: '登录日志' });
    await page.waitForURL(/\/setting\/loginLog$/);
    await page.getByRole('list', { name: '登录日志' }).waitFor();
    await screenshot(page, 'glance-settings-menu-phone');

    await page.goto(`${panel.url}script?file=long.js`);
    await page.locator('.cm-content').first().waitFor();
    assert.ok(await page.locator('.cm-lineWrapping').count(), 'the script editor wraps on a phone');
    const overflow = await page.evaluate(() => {
      const scroller = document.querySelector('.cm-scroller')!;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    assert.ok(overflow <= 1, `the editor scrolls sideways by ${overflow}px`);
    await page.goto(`${panel.url}config`);
    await page.locator('.cm-lineWrapping').first().waitFor();
    await screenshot(page, 'glance-config-phone');
    await context.close();

    const desktop = await signedInPage(browser, token);
    await desktop.page.goto(`${panel.url}script?file=long.js`);
    await desktop.page.locator('.cm-content').first().waitFor();
    assert.equal(await desktop.page.locator('.cm-lineWrapping').count(), 0, 'a desktop keeps long lines whole');
    await desktop.context.close();
  });
});

test('first-run setup: left after the account step the panel is usable, the wizard continues where it stopped', async (t) => {
  const browser = await launchBrowser(t);
  const panel = await startPanel(t);
  const { context, page } = await openPage(browser, { viewport: 'phone', locale: 'en-US' });
  await page.goto(panel.url);
  await page.waitForURL(/\/initialization$/);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  // At phone width the current step's label keeps clear of the steps around it.
  await settle(page);
  assert.deepEqual(await layoutProblems(page), []);
  await screenshot(page, 'glance-setup-phone-notification');

  // The browser is closed here, and opened again later: the account exists, so the panel is usable; the wizard's
  // optional rest waits at /initialization, where it stopped.
  const kept = await context.storageState();
  await context.close();
  const reopened = await browser.newContext({ storageState: kept, viewport: { width: 390, height: 844 } });
  const again = await reopened.newPage();
  await again.goto(`${panel.url}crontab`);
  await again.getByText('Create your first task').waitFor();
  assert.match(again.url(), /\/crontab$/);
  await again.goto(`${panel.url}initialization`);
  await again.getByRole('heading', { name: 'Notifications' }).waitFor();
  await reopened.close();

  // Or it is another browser, which remembers nothing: signing in opens the panel; the daemon still knows the wizard
  // is unfinished, so /initialization offers its rest.
  const later = await browser.newContext();
  const last = await later.newPage();
  await last.goto(panel.url);
  await last.waitForURL(/\/login$/);
  await last.getByLabel('Username').fill(account.username);
  await last.getByLabel('Password', { exact: true }).fill(account.password);
  await last.getByRole('button', { name: 'Sign in' }).click();
  await last.waitForURL(/\/dashboard$/);
  await last.goto(`${panel.url}initialization`);
  await last.getByRole('heading', { name: 'Notifications' }).waitFor();
  await last.getByRole('button', { name: 'Skip' }).click();
  await last.getByRole('heading', { name: 'All set' }).waitFor();
  await last.getByText('Your account is ready and you are signed in.').waitFor();
  await last.getByRole('button', { name: 'Go to the panel' }).click();
  await last.waitForURL(/\/dashboard$/);
  await last.getByRole('navigation', { name: 'Main menu' }).waitFor();
  // Finished: nothing sends anyone to the wizard any more.
  await last.goto(`${panel.url}initialization`);
  await last.waitForURL(/\/dashboard$/);
  await later.close();
});
