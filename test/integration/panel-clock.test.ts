/**
 * One clock: with the panel's time zone set unlike the host's, everything the daemon writes reads the panel's clock —
 * a run's log name and header lines, the TZ its script sees, a backup's name, a notification's time, the system log's
 * day — never the host's (helpers/zones.ts picks the zones; the expected times are worked out with Intl alone).
 */
// @zoned
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { BackupOverview } from '../../daemon/src/contract/backup.ts';
import type { SystemLogEntries } from '../../daemon/src/contract/system-log-schemas.ts';
import { SystemLogFile } from '../../daemon/src/system-log/daily-file.ts';
import { account, call, signedIn, userDataDir } from '../helpers/app.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';
import { webhookRecorder } from '../helpers/recorder.ts';
import { dayIn, hostZone, instantIn, offsetAt, panelZone, parseStamp, wallOf } from '../helpers/zones.ts';

/** How far a written time may be from when it was written (a loaded machine; the zones differ by hours). */
const slackMs = 60_000;

/** The instant a stamp written in the panel's zone names, checked to be within `slackMs` of `around`. */
function assertPanelTime(stamp: string, around: number, what: string) {
  const wall = parseStamp(stamp);
  assert.ok(wall, `${what}: "${stamp}" starts with a date and time`);
  const at = instantIn(wall, panelZone, around);
  assert.ok(
    Math.abs(at - around) < slackMs,
    `${what}: "${stamp}" is ${Math.round((at - around) / 60_000)} minutes off the panel's clock (${panelZone}; host ${hostZone})`,
  );
}

test("a run's log name, its header lines and its script's TZ read the panel's clock, not the host's", async (t) => {
  assert.notEqual(panelZone, hostZone);
  const { app, token } = await signedIn(t);
  const set = await call(app, 'PUT', '/api/system/config/timezone', { token, payload: { timezone: panelZone } });
  assert.equal(set.body.code, 200, JSON.stringify(set.body));
  writeFileSync(
    path.join(app.ctx.paths.scripts, 'clock.js'),
    [
      '// cron: 0 0 1 1 *',
      "console.log('TZ=' + process.env.TZ);",
      "console.log('zone=' + Intl.DateTimeFormat().resolvedOptions().timeZone);",
      '',
    ].join('\n'),
  );
  const created = await call(app, 'POST', '/api/crons', {
    token,
    payload: { name: 'clock', command: 'task clock.js', schedule: '0 0 1 1 *' },
  });
  const id = (created.body.data as { id: number }).id;
  await call(app, 'PUT', '/api/crons/run', { token, payload: [id] });
  const run = await waitFor(async () => (await runsOf(app, id)).find((r) => r.finished_at !== null), 30_000, 'the run');

  const logName = path.posix.basename(run.log_path!);
  assertPanelTime(logName, run.started_at!, 'the log file name');
  const text = readFileSync(path.join(app.ctx.paths.log, run.log_path!), 'utf8');
  // The start line and the end line, in whichever language the panel writes.
  const stamped = [...text.matchAll(/^## \D*(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})/gm)].map((m) => m[1]!);
  const [start, end] = [stamped[0], stamped.at(-1)];
  assert.equal(stamped.length, 2, text);
  assertPanelTime(start ?? '', run.started_at!, 'the start line');
  assertPanelTime(end ?? '', run.finished_at!, 'the end line');
  assert.match(text, new RegExp(`^TZ=${panelZone}$`, 'm'), 'the script runs with TZ set to the panel zone');
  assert.match(text, new RegExp(`^zone=${panelZone}$`, 'm'));

  // The task's log list and the logs tree place the file by the time its name says: the run's start.
  const files = await call(app, 'GET', `/api/crons/${id}/logs`, { token });
  const listed = (files.body.data as { filename: string }[]).map((f) => f.filename);
  assert.deepEqual(listed, [logName]);
});

test("a backup's name, a sign-in notice's time and the system log's day are the panel's", async (t) => {
  const dataDir = userDataDir(t);
  // 01:00 (or 23:00) on the panel's calendar: an hour at which the host's calendar says another day.
  const real = Date.now();
  const today = wallOf(real, panelZone);
  const hostAhead = offsetAt(real, hostZone) > offsetAt(real, panelZone);
  const panelHour = instantIn({ ...today, hour: hostAhead ? 23 : 1, minute: 0, second: 0 }, panelZone, real);
  assert.notEqual(dayIn(panelHour, hostZone), dayIn(panelHour, panelZone), 'the chosen instant falls on two days');
  const file = new SystemLogFile({ dir: path.join(dataDir, 'syslog'), echo: () => {}, now: () => panelHour });
  const { app, token } = await signedIn(t, {
    dataDir,
    appOptions: { logger: { level: 'info', stream: file }, systemLog: file },
  });
  await call(app, 'PUT', '/api/system/config/timezone', { token, payload: { timezone: panelZone } });

  const started = await call(app, 'POST', '/api/system/backup', { token, payload: { parts: ['db'] } });
  assert.equal(started.body.code, 200, JSON.stringify(started.body));
  const { name } = started.body.data as { name: string };
  assertPanelTime(name.replace(/^baihu-/, ''), Date.now(), 'the backup name');
  await waitFor(async () => {
    const overview = (await call(app, 'GET', '/api/system/backup', { token })).body.data as BackupOverview;
    return overview.running === null && overview.files.some((f) => f.name === name);
  });

  const hook = await webhookRecorder(t, app, token);
  const before = hook.requests.length;
  await call(app, 'POST', '/api/user/login', { payload: account });
  await hook.waitFor(before + 1, 10_000);
  const notice = hook.requests.at(-1)!.body;
  const time = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(notice)?.[0];
  assertPanelTime(time ?? notice, Date.now(), 'the sign-in notice');

  app.log.info('a line of the panel zone day');
  const entries = (await call(app, 'GET', '/api/system/log/entries', { token })).body.data as SystemLogEntries;
  assert.equal(entries.today, dayIn(panelHour, panelZone));
  assert.ok(readdirSync(path.join(dataDir, 'syslog')).includes(`${dayIn(panelHour, panelZone)}.log`));
});
