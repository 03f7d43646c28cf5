/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { ManualClock } from '../../daemon/src/time/clock.ts';
import { call, initAccount, login, tempDir } from '../helpers/app.ts';
import { launchBrowser, screenshot, startPanel, signedInPage } from '../helpers/browser.ts';
import { assertNoHorizontalOverflow } from '../helpers/layout-checks.ts';

const pkg = 'baihu-tiny-pkg';
const version = '1.0.0';

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A minimal npm registry on 127.0.0.1 for one tiny package built here with the tar CLI: `GET /<name>` answers the
 * packument, `GET /<name>/-/<name>-<version>.tgz` the tarball (held back a little so the install is seen running).
 */
async function fakeRegistry(t: TestContext): Promise<{ url: string; requests: string[] }> {
  const dir = tempDir(t, 'baihu-registry-');
  mkdirSync(path.join(dir, 'package'));
  writeFileSync(
    path.join(dir, 'package', 'package.json'),
    JSON.stringify({ name: pkg, version, main: 'index.js', license: 'MIT' }),
  );
  writeFileSync(path.join(dir, 'package', 'index.js'), 'module.exports = 42;\n');
  const tgz = path.join(dir, 'pkg.tgz');
  execFileSync('tar', ['-czf', tgz, '-C', dir, 'package']);
  const tarball = readFileSync(tgz);
  const shasum = createHash('sha1').update(tarball).digest('hex');
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    requests.push(`${req.method} ${url}`);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url === `/${pkg}`) {
      const body = {
        name: pkg,
        'dist-tags': { latest: version },
        versions: {
          [version]: {
            name: pkg,
            version,
            main: 'index.js',
            dist: { tarball: `${origin}/${pkg}/-/${pkg}-${version}.tgz`, shasum, integrity },
          },
        },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    } else if (url === `/${pkg}/-/${pkg}-${version}.tgz`) {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length });
        res.end(tarball);
      }, 1500);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Not found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests };
}

test('variables: add, masked then shown, same name twice, reorder; a Node dependency installs live from a local registry', async (t) => {
  const browser = await launchBrowser(t);
  const registry = await fakeRegistry(t);
  // npm's cache stays inside the test, so the package is always fetched from the fake registry.
  const npmCache = tempDir(t, 'baihu-npm-cache-');
  process.env.npm_config_cache = npmCache;
  // Real time, so the install's elapsed time and duration read as they would in use (no timers are needed here).
  const clock = new (class extends ManualClock {
    override now(): number {
      return Date.now();
    }
  })();
  const panel = await startPanel(t, { clock });
  await initAccount(panel.app);
  const token = await login(panel.app);
  const apiBase = `${panel.app.ctx.config.baseUrl}api`;
  const envOrder = async () => {
    const res = await call(panel.app, 'GET', `${apiBase}/envs`, { token });
    return (res.body.data as { value: string }[]).map((e) => e.value);
  };

  // Desktop, English, light: the empty page says what variables are for.
  const { page } = await signedInPage(browser, token, { viewport: 'desktop', locale: 'en-US', colorScheme: 'light' });
  await page.goto(`${panel.url}env`);
  await page.getByText('Add your first variable').waitFor();
  await page.getByText(/joined with & in list order/).waitFor();
  await screenshot(page, 'env-01-empty');

  // One variable through the form; the name rule is checked in the browser.
  await page.getByRole('button', { name: 'New variable' }).first().click();
  const form = page.getByRole('dialog', { name: 'New variables' });
  const first = form.getByRole('group', { name: 'Variable 1' });
  await first.getByLabel('Name', { exact: true }).fill('1_COOKIE');
  await first.getByLabel('Value', { exact: true }).fill('secret-one');
  await first.getByLabel('Remarks', { exact: true }).fill('first account');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByText('Only letters, digits and underscores, and not starting with a digit').waitFor();
  await first.getByLabel('Name', { exact: true }).fill('JD_COOKIE');
  await screenshot(page, 'env-02-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });

  const table = page.getByRole('table', { name: 'Environment variables' });
  await table.getByText('first account').waitFor();
  assert.equal(await table.getByText('secret-one').count(), 0, 'the value is masked');
  await table.getByText('Enabled').waitFor();
  await page.getByRole('button', { name: 'Show value of JD_COOKIE' }).click();
  await table.getByText('secret-one').waitFor();
  await page.getByRole('button', { name: 'Hide value of JD_COOKIE' }).click();
  assert.equal(await table.getByText('secret-one').count(), 0, 'masked again');

  // A second variable with the same name, pasted as a NAME=value line.
  await page.getByRole('button', { name: 'New variable' }).first().click();
  await form.getByRole('radio', { name: 'Paste lines' }).click();
  await form.getByLabel('Variables', { exact: true }).fill('JD_COOKIE=secret-two');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await table.getByRole('button', { name: 'Move JD_COOKIE (row 2) up' }).waitFor();
  assert.deepEqual(await envOrder(), ['secret-one', 'secret-two']);

  // Reorder with the keyboard-reachable buttons, then back by dragging the handle.
  await table.getByRole('button', { name: 'Move JD_COOKIE (row 2) up' }).click();
  await waitFor(async () => ((await envOrder())[0] === 'secret-two' ? true : undefined), 5000, 'the move to be stored');
  await table.getByRole('row').nth(1).getByText('first account').waitFor({ state: 'detached' });
  await table.getByRole('row').nth(2).getByText('first account').waitFor();
  await table.getByTestId('drag-handle').nth(1).dragTo(table.getByRole('row').nth(1));
  await waitFor(async () => ((await envOrder())[0] === 'secret-one' ? true : undefined), 5000, 'the drag to be stored');
  await table.getByRole('row').nth(1).getByText('first account').waitFor();

  // Export downloads the list as JSON; importing a file adds its variables (all or nothing).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { name: string; value: string }[];
  assert.deepEqual(
    exported.map((e) => e.value),
    ['secret-one', 'secret-two'],
  );
  await page.getByLabel('File of variables to import').setInputFiles({
    name: 'env.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify([{ name: 'PUSH_KEY', value: 'imported', remarks: 'from a file' }])),
  });
  await page.getByText('Variable imported').waitFor();
  await table.getByText('from a file').waitFor();

  // The batch bar counts what is selected.
  await table.getByRole('checkbox', { name: 'Select PUSH_KEY (row 3)' }).waitFor();
  await table.getByRole('checkbox', { name: 'Select all variables' }).check();
  const bar = page.getByRole('toolbar', { name: 'Actions for the selected variables' });
  await bar.getByText('3 selected').waitFor();
  await screenshot(page, 'env-03-list-batch');
  await bar.getByRole('button', { name: 'Clear selection' }).click();

  // The dependency settings: a bad URL is refused next to the field, then the local registry is saved.
  await page.goto(`${panel.url}setting/dependence`);
  const mirror = page.getByLabel('npm registry mirror', { exact: true });
  await mirror.fill('ftp://example.com');
  await page.getByRole('button', { name: 'Save npm registry mirror' }).click();
  await page.getByText('npm registry mirror must be an http or https URL').waitFor();
  await mirror.fill(registry.url);
  await page.getByRole('button', { name: 'Save npm registry mirror' }).click();
  await page.getByText('npm registry mirror saved').waitFor();
  await page.mouse.move(0, 0);
  const config = await call(panel.app, 'GET', `${apiBase}/system/config`, { token });
  assert.equal((config.body.data as { info: { nodeMirror: string } }).info.nodeMirror, registry.url);
  await screenshot(page, 'dependence-01-settings');

  // A Node dependency: a bad name gets the server's answer next to the field, then the real one installs.
  await page.goto(`${panel.url}dependence`);
  await page.getByRole('tab', { name: 'Node', selected: true }).waitFor();
  await page.getByText('No Node dependencies yet').waitFor();
  // The type step explains each kind, then opens the form for the one chosen.
  await page.getByRole('button', { name: 'Which type?' }).click();
  const typeStep = page.getByRole('dialog', { name: 'Which type of dependency?' });
  await typeStep.getByText(/require\('…'\)/).waitFor();
  await screenshot(page, 'dependence-02-type-step');
  await typeStep.getByRole('button', { name: /^Node/ }).click();
  await page.waitForURL(/\/dependence\/modal\?type=nodejs$/);
  const depForm = page.getByRole('dialog', { name: 'New dependency' });
  await depForm.getByRole('radio', { name: 'Node', checked: true }).waitFor();
  await depForm.getByLabel('Names', { exact: true }).fill('-bad;name');
  await depForm.getByRole('button', { name: 'Install' }).click();
  await depForm.getByText(/is not a valid Node\.js package name/).waitFor();
  await screenshot(page, 'dependence-02b-form-error');
  await depForm.getByLabel('Names', { exact: true }).fill(pkg);
  await depForm.getByRole('button', { name: 'Install' }).click();
  await depForm.waitFor({ state: 'detached' });

  const depTable = page.getByRole('table', { name: 'Dependencies' });
  await depTable.getByText(pkg).waitFor();
  await page.getByRole('button', { name: `Log of ${pkg}` }).click();
  const logDialog = page.getByRole('dialog', { name: `Log: ${pkg}` });
  const log = logDialog.getByRole('log');
  await log.getByText(/npm install/).waitFor();
  const stateEarly = await logDialog.getByTestId('log-state').innerText();
  assert.match(stateEarly, /Running|Waiting/, 'the log is open while npm still runs');
  assert.ok(!(await log.innerText()).includes('added 1 package'), 'the log arrived all at once instead of live');
  await screenshot(page, 'dependence-03-log-live');
  await log.getByText(/added 1 package/).waitFor({ timeout: 30_000 });
  await logDialog.getByTestId('log-state').getByText('Success').waitFor();
  // The status is said once (the log's own), and with nothing running there is no Stop button.
  assert.equal(await logDialog.getByText(/^(Installed|Success)$/).count(), 1);
  assert.equal(await logDialog.getByRole('button', { name: 'Stop' }).count(), 0);
  assert.ok(
    registry.requests.some((r) => r.endsWith('.tgz')),
    'npm fetched the tarball from the fake registry',
  );
  await screenshot(page, 'dependence-04-log-done');
  await logDialog.getByRole('button', { name: 'Close' }).first().click();
  await depTable.getByText('Installed').waitFor();
  await screenshot(page, 'dependence-05-list');

  // Phone, Chinese, dark: both lists as cards, no sideways scrolling.
  const phone = await signedInPage(browser, token, { viewport: 'phone', locale: 'zh-CN', colorScheme: 'dark' });
  await phone.page.goto(`${panel.url}env`);
  const cards = phone.page.getByRole('list', { name: '环境变量' });
  await cards.getByText('first account').waitFor();
  await phone.page.getByRole('button', { name: '显示 JD_COOKIE 的值' }).first().click();
  await cards.getByText('secret-one').waitFor();
  await assertNoHorizontalOverflow(phone.page);
  await screenshot(phone.page, 'env-04-phone-zh-dark');
  await phone.page.getByRole('button', { name: '新建变量' }).click();
  await phone.page.getByRole('dialog', { name: '新建变量' }).getByText('变量 1').waitFor();
  await assertNoHorizontalOverflow(phone.page);
  await screenshot(phone.page, 'env-05-phone-form-zh-dark');

  await phone.page.goto(`${panel.url}dependence`);
  const depCards = phone.page.getByRole('list', { name: '依赖管理' });
  await depCards.getByText('已安装').waitFor();
  await assertNoHorizontalOverflow(phone.page);
  await screenshot(phone.page, 'dependence-06-phone-zh-dark');
  await phone.page.getByRole('button', { name: `${pkg} 的日志` }).click();
  await phone.page
    .getByRole('log')
    .getByText(/added 1 package/)
    .waitFor();
  await screenshot(phone.page, 'dependence-07-phone-log-zh-dark');
  await phone.page.goto(`${panel.url}setting/dependence`);
  await phone.page.getByLabel('npm 镜像源', { exact: true }).waitFor();
  await assertNoHorizontalOverflow(phone.page);
  await screenshot(phone.page, 'dependence-08-phone-settings-zh-dark');
});
