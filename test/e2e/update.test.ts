/// <reference lib="dom" />
/**
 * Checking for updates and updating, in a real browser against the real daemon (told it runs under the entrypoint):
 * the changelog, the download with its live log on /setting/progress, the confirmation, the countdown and the reload
 * once a restarted daemon answers. The restart is the test's: it closes the daemon and starts another on the same
 * port and data folder, after writing what the entrypoint writes when the new version did not start in time — so the
 * reloaded page shows "Service startup timeout" with the repair steps. Both languages, light and dark, phone.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import semver from 'semver';
import type { AppOptions } from '../../daemon/src/app/options.ts';
import { systemClock } from '../../daemon/src/time/clock.ts';
import { initAccount, login, startApp, userDataDir } from '../helpers/app.ts';
import { launchBrowser, openPage, screenshot } from '../helpers/browser.ts';
import { checkoutVersion, releaseFiles, sha256, startReleaseServer, tarGz } from '../helpers/releases.ts';

const next = semver.inc(checkoutVersion, 'minor')!;

/** A daemon that a "restart" replaces with a fresh one on the same port and data folder. */
async function restartablePanel(t: TestContext, beforeRestart: (dataDir: string) => void) {
  const dataDir = userDataDir(t);
  const uiDir = process.env.BAIHU_TEST_UI_DIR;
  let port = 0;
  const restarts: Promise<void>[] = [];
  const start = async () => {
    const appOptions: Partial<AppOptions> = { restart: () => void restarts.push(replace()) };
    const started = await startApp(t, {
      dataDir,
      clock: systemClock,
      env: { BAIHU_SUPERVISED: '1' },
      appOptions,
      ...(uiDir ? { uiDir } : {}),
    });
    const address = await started.app.listen({ port, host: '127.0.0.1' });
    port = Number(new URL(address).port);
    return started;
  };
  let current = await start();
  const replace = async () => {
    await current.app.close();
    beforeRestart(dataDir);
    current = await start();
  };
  return {
    dataDir,
    url: () => `http://127.0.0.1:${port}/`,
    app: () => current.app,
    restarts,
  };
}

test('update: changelog, download with its log, restart after a countdown, and the failed start explained', async (t) => {
  const browser = await launchBrowser(t);
  const server = await startReleaseServer(t);
  const tarball = tarGz(releaseFiles(next, [{ name: 'CHANGELOG.md', content: `## ${next}\n\nNew things.\n` }]));
  server.files.set(`/baihu-${next}.tgz`, { body: tarball });
  server.feed([
    {
      version: next,
      date: '2026-09-01',
      changelog: '- Faster schedules\n- A calmer log view',
      url: `baihu-${next}.tgz`,
      sha256: sha256(tarball),
    },
  ]);
  const panel = await restartablePanel(t, (dataDir) => {
    // What the entrypoint writes when the new version does not answer in time and the previous one comes back: the
    // version marked bad (never offered again) and how its trial went.
    mkdirSync(path.join(dataDir, 'update'), { recursive: true });
    writeFileSync(path.join(dataDir, 'update', 'versions', next, '.bad'), 'timeout\n');
    writeFileSync(
      path.join(dataDir, 'update', 'last-attempt.json'),
      JSON.stringify({ version: next, outcome: 'timeout', exitCode: null, at: Date.now(), previous: checkoutVersion }),
    );
  });
  await initAccount(panel.app());
  const token = await login(panel.app());
  await panel.app().ctx.settings.set('updateFeedUrl', `${server.url}/feed.json`);

  const { context, page } = await openPage(browser);
  await context.addInitScript((value) => localStorage.setItem('baihu_token', value), token);
  await page.goto(`${panel.url()}setting/checkUpdate`);
  await page.getByTestId('new-version').getByText(`Version ${next} is available`).waitFor();
  await page.getByText('- A calmer log view').waitFor();
  await screenshot(page, 'update-check-desktop-en-light');

  await page.getByRole('button', { name: 'Download and install' }).click();
  await page.waitForURL(/\/setting\/progress$/);
  await page.getByText(`Version ${next} is downloaded and checked`).waitFor();
  await page.getByRole('log', { name: 'Update log' }).getByText('The checksum matches the release feed').waitFor();
  await screenshot(page, 'update-progress-desktop-en-light');

  await page.getByRole('button', { name: 'Restart now' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('No run is going on').waitFor();
  await dialog.getByRole('button', { name: 'Restart now' }).click();
  await page.getByTestId('countdown').waitFor();
  const shown = Number(await page.getByTestId('countdown').textContent());
  assert.ok(shown > 0 && shown <= 10, `counting down from ${shown}`);
  await screenshot(page, 'update-countdown-desktop-en-light');

  // The page reloads by itself once the new daemon answers, and says what happened.
  await page.getByText('Service startup timeout').waitFor({ timeout: 60_000 });
  await page.getByText('Update the container: pull the newest image and recreate the container.').waitFor();
  await page.getByText('ql check').waitFor();
  assert.equal(panel.restarts.length, 1);
  await page.getByText(`Version ${next} is downloaded and checked`).waitFor({ state: 'detached' });
  await screenshot(page, 'update-startup-timeout-desktop-en-light');

  const phone = await openPage(browser, { viewport: 'phone', colorScheme: 'dark' });
  await phone.context.addInitScript((value) => {
    localStorage.setItem('baihu_token', value);
    localStorage.setItem('lang', 'zh');
  }, token);
  await phone.page.goto(`${panel.url()}setting/progress`);
  await phone.page.getByText('服务启动超时').waitFor();
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page is ${overflow}px wider than the phone`);
  await screenshot(phone.page, 'update-startup-timeout-phone-zh-dark');
  await phone.page.getByRole('button', { name: '关闭通知' }).click();
  await phone.page.getByText('服务启动超时').waitFor({ state: 'detached' });

  await phone.page.goto(`${panel.url()}setting/checkUpdate`);
  await phone.page.getByText(`有新版本 ${next}`).waitFor();
  await screenshot(phone.page, 'update-check-phone-zh-dark');
});
