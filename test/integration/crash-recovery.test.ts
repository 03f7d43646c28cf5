import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { RunStatus } from '../../daemon/src/contract/enums.ts';
import { account, userDataDir } from '../helpers/app.ts';
import { killWithArg, processesWithArg, processesWithMarker, uniqueSleep, waitFor } from '../helpers/tasks.ts';
import { http, startDaemon } from '../helpers/daemon.ts';

interface Run {
  id: number;
  status: number;
  end: string | null;
  pid: number | null;
  log_path: string | null;
}

test('a daemon killed mid-run: at the next start the run is interrupted, its processes gone, the task idle', async (t) => {
  const dataDir = userDataDir(t);
  // One process leaves the group and drops the marker: only the run reaper holds on to it.
  const detached = uniqueSleep();
  t.after(() => killWithArg(detached));
  const first = await startDaemon(t, dataDir);
  await http(first.url, 'PUT', '/api/user/init', { payload: account });
  const login = await http(first.url, 'POST', '/api/user/login', { payload: account });
  const token = (login.body.data as { token: string }).token;
  const created = await http(first.url, 'POST', '/api/crons', {
    token,
    payload: {
      name: 'long job',
      command: `echo started; sleep 300 & setsid sleep 301 & setsid env -i sleep ${detached} & wait`,
      schedule: '@once',
    },
  });
  const cronId = (created.body.data as { id: number }).id;
  await http(first.url, 'PUT', '/api/crons/run', { token, payload: [cronId] });
  const [run] = await waitFor(async () => {
    const runs = (await http(first.url, 'GET', `/api/crons/${cronId}/instances`, { token })).body.data as Run[];
    return runs[0]?.status === RunStatus.running ? runs : undefined;
  });
  const marker = await waitFor(() => {
    const found = new Set<string>();
    for (const pid of [run!.pid!]) {
      try {
        const env = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
        const entry = env.find((e) => e.startsWith('BAIHU_RUN_ID='));
        if (entry) found.add(entry.slice('BAIHU_RUN_ID='.length));
      } catch {
        // not yet
      }
    }
    const [value] = found;
    return value && processesWithMarker(value).length >= 3 && processesWithArg(detached).length === 1
      ? value
      : undefined;
  });

  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  assert.ok(processesWithMarker(marker).length >= 3, 'the run outlives a crashed daemon until the next start');

  const second = await startDaemon(t, dataDir);
  const relogin = await http(second.url, 'POST', '/api/user/login', { payload: account });
  const token2 = (relogin.body.data as { token: string }).token;
  await waitFor(() => processesWithMarker(marker).length === 0, 10_000, 'leftover processes to be killed');
  assert.deepEqual(processesWithArg(detached), [], 'the process that dropped the marker is gone too');
  const runs = (await http(second.url, 'GET', `/api/crons/${cronId}/instances`, { token: token2 })).body.data as Run[];
  assert.equal(runs[0]!.status, RunStatus.interrupted);
  assert.equal(runs[0]!.end, 'interrupted');
  const cron = (await http(second.url, 'GET', `/api/crons/${cronId}`, { token: token2 })).body.data as {
    status: number;
  };
  assert.equal(cron.status, 1, 'the task is idle again');
  const log = readFileSync(path.join(dataDir, 'log', runs[0]!.log_path!), 'utf8');
  assert.match(log, /started/);
  assert.match(log, /Interrupted: the daemon stopped during this run/);
});
