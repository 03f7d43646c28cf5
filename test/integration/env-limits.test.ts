/**
 * Environment variables that no process could receive. Linux refuses one `NAME=value` of 128 KiB or more and argv +
 * environment beyond ARG_MAX; before these rules a 140 KB value, or 10,000 small variables, made every run fail with
 * `spawn E2BIG`. Writes past the limits are refused; what gets in another way (rows from an import, config.sh
 * exports) is left out of the run with a line in its log, and the run starts.
 * Tier: integration — the real app in-process, real SQLite, real runs of bash through the wrapper.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../daemon/src/contract/envs.ts';
import { call, signedIn, type CallOptions } from '../helpers/app.ts';
import { runsOf, waitFor } from '../helpers/tasks.ts';

const kb = (n: number) => 'x'.repeat(n * 1024);

async function setup(t: TestContext) {
  const { app, token, dataDir } = await signedIn(t);
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: Omit<CallOptions, 'token'> = {}) =>
    call(app, method, url, { ...options, token });
  return { app, api, dataDir, token };
}

/** Rows written straight into the table, as an import of another panel's data would: no rule of the service. */
async function insertDirectly(app: FastifyInstance, rows: { name: string; value: string }[]): Promise<void> {
  const now = Date.now();
  await app.ctx.db
    .insertInto('envs')
    .values(rows.map((row, i) => ({ ...row, remarks: null, position: i + 1, created_at: now, updated_at: now })))
    .execute();
}

/** Creates a task with `command`, runs it, and returns its log once it has finished. */
async function runAndRead(
  app: FastifyInstance,
  token: string,
  dataDir: string,
  command: string,
): Promise<{ log: string; code: number }> {
  const created = await call(app, 'POST', '/api/crons', {
    token,
    payload: { name: 'probe', command, schedule: '0 0 1 1 *' },
  });
  assert.equal(created.body.code, 200, JSON.stringify(created.body));
  const cronId = (created.body.data as { id: number }).id;
  await app.ctx.taskRuns.run([cronId]);
  const run = await waitFor(
    async () => {
      const [row] = await runsOf(app, cronId);
      return row && row.finished_at !== null && row.log_path ? row : undefined;
    },
    20_000,
    'the run to finish',
  );
  return { log: readFileSync(path.join(dataDir, 'log', run.log_path!), 'utf8'), code: run.exit_code ?? -1 };
}

test('a write after which a variable could not reach a run is refused, in both languages, and stores nothing', async (t) => {
  const { api } = await setup(t);
  const listed = async () => ((await api('GET', '/api/envs')).body.data as Env[]).map((e) => e.name);

  // One value over 128 KB.
  const big = await api('POST', '/api/envs', { payload: [{ name: 'BIG', value: kb(140) }] });
  assert.equal(big.status, 400);
  assert.equal(
    big.body.message,
    'The variable BIG would take 141 KB once its values are joined with "&": a run can receive at most 128 KB in one variable (Linux\'s limit)',
  );
  const zh = await api('POST', '/api/envs', { payload: [{ name: 'BIG', value: kb(140) }], lang: 'zh' });
  assert.equal(zh.body.message, '变量 BIG 的值用“&”连接后为 141 KB：运行时单个变量最多 128 KB（Linux 的限制）');

  // Same names are joined with &: two halves that fit alone do not fit together, however they get there.
  assert.equal((await api('POST', '/api/envs', { payload: [{ name: 'A', value: kb(70) }] })).body.code, 200);
  const joined = await api('POST', '/api/envs', { payload: [{ name: 'A', value: `y${kb(70)}` }] });
  assert.equal(joined.body.error, 'envVariableTooLarge');
  const other = (await api('POST', '/api/envs', { payload: [{ name: 'B', value: `z${kb(70)}` }] })).body.data as Env[];
  const b = other[0]!;
  assert.equal(
    (await api('PUT', '/api/envs/name', { payload: { ids: [b.id], name: 'A' } })).body.error,
    'envVariableTooLarge',
  );
  assert.equal((await api('PUT', '/api/envs', { payload: { id: b.id, name: 'A' } })).body.error, 'envVariableTooLarge');
  assert.equal(
    (await api('PUT', '/api/envs', { payload: { id: b.id, value: kb(130) } })).body.error,
    'envVariableTooLarge',
  );
  // A disabled variable reaches no run, so it may grow; enabling it is the write that is refused.
  assert.equal((await api('PUT', '/api/envs/disable', { payload: [b.id] })).body.code, 200);
  assert.equal((await api('PUT', '/api/envs', { payload: { id: b.id, name: 'A' } })).body.code, 200);
  assert.equal((await api('PUT', '/api/envs/enable', { payload: [b.id] })).body.error, 'envVariableTooLarge');

  // An imported file goes through the same rule.
  const boundary = '----limits';
  const file = JSON.stringify([{ name: 'C', value: kb(129) }]);
  const upload = await api('POST', '/api/envs/upload', {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="env"; filename="envs.json"\r\nContent-Type: application/json\r\n\r\n${file}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  assert.equal(upload.body.error, 'envVariableTooLarge');
  assert.deepEqual(await listed(), ['A', 'A'], 'nothing refused was stored');
  const rows = (await api('GET', '/api/envs')).body.data as Env[];
  assert.deepEqual(
    rows.map((r) => r.status),
    [0, 1],
    'the refused enable left the variable disabled',
  );
});

test('all enabled variables together are capped at 1 MB, with a message naming the limit', async (t) => {
  const { api } = await setup(t);
  const batch = Array.from({ length: 9 }, (_, i) => ({ name: `V${i}`, value: kb(110) }));
  assert.equal((await api('POST', '/api/envs', { payload: batch })).body.code, 200);
  const tenth = await api('POST', '/api/envs', { payload: [{ name: 'V9', value: kb(110) }] });
  assert.equal(tenth.status, 400);
  assert.equal(
    tenth.body.message,
    'The enabled variables would take 1101 KB in all: every run can receive at most 1024 KB of them',
  );
  const zh = await api('POST', '/api/envs', { payload: [{ name: 'V9', value: kb(110) }], lang: 'zh' });
  assert.equal(zh.body.message, '启用的变量合计 1101 KB：每次运行最多可接收 1024 KB');
});

test('10,000 small variables are accepted and every run still starts with all of them', async (t) => {
  const { app, api, dataDir, token } = await setup(t);
  const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `SMALL_VARIABLE_${i}`, value: `v${i}` }));
  assert.equal((await api('POST', '/api/envs', { payload: many })).body.code, 200);
  const { log, code } = await runAndRead(
    app,
    token,
    dataDir,
    `sh -c 'echo "last=$SMALL_VARIABLE_9999 first=$SMALL_VARIABLE_0"'`,
  );
  assert.equal(code, 0, log);
  assert.match(log, /^last=v9999 first=v0$/m);
  assert.doesNotMatch(log, /Left out|E2BIG/);
});

test('variables that got in another way are left out with a line in the log, and the run starts', async (t) => {
  const { app, api, dataDir, token } = await setup(t);
  assert.equal((await api('PUT', '/api/system/config/lang', { payload: { lang: 'en' } })).body.code, 200);
  await insertDirectly(app, [
    { name: 'FIRST', value: 'kept' },
    { name: 'HUGE', value: kb(140) },
    // 16 × 120 KB pass what a process can take next to everything else: the last ones are left out.
    ...Array.from({ length: 16 }, (_, i) => ({ name: `MID_${String(i).padStart(2, '0')}`, value: kb(120) })),
  ]);
  const { log, code } = await runAndRead(
    app,
    token,
    dataDir,
    `sh -c 'echo "first=$FIRST huge=\${#HUGE} mid0=\${#MID_00} mid15=\${#MID_15}"'`,
  );
  assert.equal(code, 0, log);
  assert.match(log, /^first=kept huge=0 mid0=122880 mid15=0$/m);
  assert.match(
    log,
    /^Left out the variable HUGE \(141 KB\): one variable can hold at most 128 KB \(Linux's limit\); the run goes on without it\.$/m,
  );
  assert.match(log, /^Left out the variable MID_15 \(121 KB\): with it the run's variables would pass the \d+ KB/m);
  assert.doesNotMatch(log, /Left out the variable MID_00 /);
});

test('config.sh exports too large for a process are left out by the wrapper, with a line in the log', async (t) => {
  const { app, dataDir, token } = await setup(t);
  const config = path.join(dataDir, 'config', 'config.sh');
  // Built with bash alone: once a huge variable is exported, config.sh itself can start no other program.
  writeFileSync(
    config,
    `${readFileSync(config, 'utf8')}
__text=x; while ((\${#__text} < 204800)); do __text=$__text$__text; done
export HUGE_FROM_CONFIG=\${__text:0:204800}
# 20 × 110 KB: each one fits, all of them together pass ARG_MAX.
for i in {10..29}; do export "MANY_$i=\${__text:0:112640}"; done
export SMALL_FROM_CONFIG=fine
`,
  );
  const { log, code } = await runAndRead(
    app,
    token,
    dataDir,
    `sh -c 'echo "small=$SMALL_FROM_CONFIG huge=\${#HUGE_FROM_CONFIG}"'`,
  );
  assert.equal(code, 0, log);
  assert.match(log, /^small=fine huge=0$/m);
  // The panel's default log language is Chinese.
  assert.match(log, /^已略去config\.sh 导出的变量 HUGE_FROM_CONFIG（201 KB）：单个变量最多 128 KB（Linux 的限制）/m);
  assert.match(log, /^已略去config\.sh 导出的变量 MANY_\d\d（111 KB）：加上它，本次运行的变量将超过进程可接收的/m);
  assert.doesNotMatch(log, /Argument list too long/);
});
