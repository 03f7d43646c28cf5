/**
 * Chained task commands run as on Qinglong, where bash reads the command line: `task a.sh && task b.py`, `;`, `||`,
 * redirections and pipes, through the API on a daemon listening on 127.0.0.1. Each `task` of the chain runs inside
 * the run (shell/task on PATH sees BAIHU_RUN_ID) with the panel's variables and QLAPI; the run ends with the chain's
 * exit code; the log holds every part; the global hooks run around each part, the task's own once around the chain.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import { call, signedIn } from '../helpers/app.ts';
import { processesWithMarker, runsOf, waitFor } from '../helpers/tasks.ts';

/** Scripts as Qinglong users write them; each says what it saw and appends `<kind>:<tag>` to data/ran. */
const scripts: Record<string, string> = {
  'part.sh': `echo "sh $1 sees $MY_TOKEN"
echo "sh:$1" >> "$QL_DATA_DIR/ran"
`,
  'fail.sh': `echo "fail $1 sees $MY_TOKEN"
echo "fail:$1" >> "$QL_DATA_DIR/ran"
exit 3
`,
  'part.py': `import os, sys
tag = sys.argv[1]
found = QLAPI.getEnvs({"searchValue": "MY_TOKEN"})
print(f"py {tag} sees {os.environ['MY_TOKEN']} qlapi={found['data'][0]['value']}", flush=True)
with open(os.path.join(os.environ["QL_DATA_DIR"], "ran"), "a") as ran:
    ran.write(f"py:{tag}\\n")
`,
  'part.js': `const fs = require('fs');
const path = require('path');
const tag = process.argv[2];
(async () => {
  const found = await QLAPI.getEnvs({ searchValue: 'MY_TOKEN' });
  console.log(\`js \${tag} sees \${process.env.MY_TOKEN} qlapi=\${found.data[0].value}\`);
  fs.appendFileSync(path.join(process.env.QL_DATA_DIR, 'ran'), \`js:\${tag}\\n\`);
})();
`,
  'count.sh': `found=$(grep -c "sees from-the-panel qlapi=from-the-panel")
echo "count $1 got $found"
echo "count:$1" >> "$QL_DATA_DIR/ran"
`,
  'sleep.sh': `echo "sleeping $1"
sleep 30
`,
};

/** What each kind prints when it ran and was not redirected. */
const seen: Record<string, (tag: string) => string> = {
  sh: (tag) => `sh ${tag} sees from-the-panel`,
  fail: (tag) => `fail ${tag} sees from-the-panel`,
  py: (tag) => `py ${tag} sees from-the-panel qlapi=from-the-panel`,
  js: (tag) => `js ${tag} sees from-the-panel qlapi=from-the-panel`,
  count: (tag) => `count ${tag} got 1`,
};

interface Chain {
  /** `{a}` and `{b}` stand for the chain's own tags. */
  command: string;
  /** The parts that ran, in order (`kind:tag`). */
  ran: string[];
  exitCode: number;
  /** Parts whose output is redirected away from the log. */
  hidden?: string[];
  /** The parts run at once (a pipeline): in either order. */
  together?: boolean;
}

const chains: Chain[] = [
  { command: 'task part.sh {a} && task part.py {b}', ran: ['sh:{a}', 'py:{b}'], exitCode: 0 },
  { command: 'task fail.sh {a} && task part.py {b}', ran: ['fail:{a}'], exitCode: 3 },
  { command: 'task part.js {a} || task part.sh {b}', ran: ['js:{a}'], exitCode: 0 },
  { command: 'task fail.sh {a} || true; task part.sh {b}', ran: ['fail:{a}', 'sh:{b}'], exitCode: 0 },
  { command: 'task fail.sh {a}; task part.js {b}', ran: ['fail:{a}', 'js:{b}'], exitCode: 0 },
  { command: 'task part.sh {a}; task fail.sh {b}', ran: ['sh:{a}', 'fail:{b}'], exitCode: 3 },
  {
    command: 'task part.js {a} > /dev/null; task part.sh {b}',
    ran: ['js:{a}', 'sh:{b}'],
    exitCode: 0,
    hidden: ['js:{a}'],
  },
  // A pipeline's status is its last command's: bash runs the line as typed, without pipefail (as Qinglong's does).
  { command: 'task fail.sh {a} | cat', ran: ['fail:{a}'], exitCode: 0 },
  { command: 'cat /dev/null | task fail.sh {a}', ran: ['fail:{a}'], exitCode: 3 },
  // One part's output is the next one's input.
  {
    command: 'task part.py {a} | task count.sh {b}',
    ran: ['py:{a}', 'count:{b}'],
    exitCode: 0,
    hidden: ['py:{a}'],
    together: true,
  },
  { command: 'task part.js "$CHAIN_TAG_{a}"', ran: ['js:tag-{a}'], exitCode: 0 },
];

async function panel(t: TestContext) {
  const started = await signedIn(t);
  const { app, token, dataDir } = started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  for (const [name, source] of Object.entries(scripts)) writeFileSync(path.join(dataDir, 'scripts', name), source);
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(app, method, url, { token, ...(payload === undefined ? {} : { payload }) });
  const variables = [{ name: 'MY_TOKEN', value: 'from-the-panel' }];
  const tags = chains.map((_, i) => ({ name: `CHAIN_TAG_c${i}a`, value: `tag-c${i}a` }));
  assert.equal((await api('POST', '/api/envs', [...variables, ...tags])).body.code, 200);
  const create = async (name: string, command: string, extra: Record<string, unknown> = {}) => {
    const created = await api('POST', '/api/crons', { name, command, schedule: '0 0 1 1 *', ...extra });
    assert.equal(created.body.code, 200, JSON.stringify(created.body));
    return (created.body.data as Cron).id;
  };
  const logOf = async (id: number) => String((await api('GET', `/api/crons/${id}/log`)).body.data);
  const ran = () => {
    const file = path.join(dataDir, 'ran');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  };
  return { ...started, api, create, logOf, ran };
}

const fill = (text: string, i: number) => text.replaceAll('{a}', `c${i}a`).replaceAll('{b}', `c${i}b`);

test('chains of task commands: every operator, its exit code, every part with the variables and QLAPI', async (t) => {
  const p = await panel(t);
  // The global hooks run around each part, with the part's words; the task's own commands once around the chain.
  writeFileSync(path.join(p.dataDir, 'config', 'task_before.sh'), 'echo "global before: $*"\n');
  writeFileSync(path.join(p.dataDir, 'config', 'task_after.sh'), 'echo "global after: $*"\n');
  const ids: number[] = [];
  for (const [i, chain] of chains.entries()) {
    ids.push(await p.create(`chain ${i}`, fill(chain.command, i), { task_before: 'echo "own before"' }));
  }
  assert.equal((await p.api('PUT', '/api/crons/run', ids)).body.code, 200);

  for (const [i, chain] of chains.entries()) {
    const id = ids[i]!;
    const command = fill(chain.command, i);
    const run = await waitFor(
      async () => (await runsOf(p.app, id)).find((r) => r.finished_at !== null),
      120_000,
      `the run of ${command}`,
    );
    const log = await p.logOf(id);
    assert.equal(run.exit_code, chain.exitCode, `${command}\n${log}`);
    assert.equal(run.end, chain.exitCode === 0 ? 'success' : 'failed', command);
    const expected = chain.ran.map((part) => fill(part, i));
    const mine = p.ran().filter((part) => part.endsWith(`c${i}a`) || part.endsWith(`c${i}b`));
    const order = (parts: string[]) => (chain.together ? [...parts].sort() : parts);
    assert.deepEqual(order(mine), order(expected), `${command}: the parts that ran, in order`);
    const hidden = (chain.hidden ?? []).map((part) => fill(part, i));
    for (const part of expected) {
      const [kind, tag] = part.split(':') as [string, string];
      const line = seen[kind]!(tag);
      if (hidden.includes(part)) assert.ok(!log.includes(line), `${command}: ${part} went elsewhere\n${log}`);
      else assert.ok(log.includes(line), `${command}: ${part} is in the log\n${log}`);
    }
    assert.equal(log.match(/own before/g)?.length, 1, `${command}: the task's own before command once\n${log}`);
    // Each part ran the global hooks with its own words (in its own output). A line of `task` parts has none of its
    // own; any other command line has them around it, as before.
    const shown = expected.length - hidden.length;
    const befores = (log.match(/^global before: .*$/gm) ?? []).filter((line) => line !== 'global before: ');
    assert.equal(befores.length, shown, `${command}\n${log}`);
    assert.ok(
      befores.every((line) => /^global before: \w+\.(sh|py|js) \S+$/.test(line)),
      befores.join('\n'),
    );
    const aroundAll = /^global before: $/m.test(log);
    assert.equal(aroundAll, !command.startsWith('task '), `${command}: hooks around the whole line\n${log}`);
    // Every part has its start line in the run's log, after the run's own.
    assert.equal(log.match(/^## (Start|开始执行) /gm)?.length, 1 + shown, `${command}\n${log}`);
  }
});

test('a single task command keeps the native path; a chain stops whole, its later parts never start', async (t) => {
  const p = await panel(t);
  const single = await p.create('single', 'task part.js alone');
  const chain = await p.create('stopped chain', 'task sleep.sh first; task part.sh never');
  assert.equal((await p.api('PUT', '/api/crons/run', [single, chain])).body.code, 200);

  const alone = await waitFor(async () => (await runsOf(p.app, single)).find((r) => r.finished_at !== null), 60_000);
  const aloneLog = await p.logOf(single);
  assert.equal(alone.end, 'success', aloneLog);
  assert.ok(aloneLog.includes(seen.js!('alone')), aloneLog);
  assert.equal(aloneLog.match(/^## (Start|开始执行) /gm)?.length, 1, 'no inner run: the script runs directly');

  await waitFor(async () => (await p.logOf(chain)).includes('sleeping first') || undefined, 60_000, 'the sleep');
  const running = (await runsOf(p.app, chain))[0]!;
  assert.equal((await p.api('PUT', '/api/crons/stop', [chain])).body.code, 200);
  const stopped = await waitFor(async () => (await runsOf(p.app, chain)).find((r) => r.finished_at !== null), 30_000);
  assert.equal(stopped.end, 'stopped');
  assert.deepEqual(processesWithMarker(running.marker!), [], 'nothing of the chain is left');
  assert.ok(!p.ran().includes('sh:never'), 'the part after the stopped one never ran');
});
