// @zoned
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { FileNode, LogFile } from '../../daemon/src/contract/files.ts';
import { fileStamp } from '../../daemon/src/time/wall-clock.ts';
import { call, signedIn, tempDir } from '../helpers/app.ts';
import { addCron } from '../helpers/tasks.ts';

// Log names carry the panel's time, whatever the host's zone.
const zone = 'Asia/Shanghai';
const stamp = (at: number) => fileStamp(at, zone);

const base = Date.UTC(2025, 5, 1, 8, 0, 0);
const minute = 60_000;

/**
 * A folder as a task leaves it: 250 logs named by their start stamp (written in shuffled order, all with the same
 * modification time, so only the names can give the order), a pull log without milliseconds, a `task conc` part,
 * names that are no stamp (placed by their modification time), an impossible stamp, a sub-folder and a link that
 * leads out of data/log.
 */
function fill(dir: string, outside: string): Map<string, number> {
  mkdirSync(dir, { recursive: true });
  const order = new Map<string, number>();
  const stamps = Array.from({ length: 250 }, (_, i) => base + i * minute + (i % 7));
  stamps.sort((a, b) => ((a * 7919) % 1000) - ((b * 7919) % 1000));
  for (const at of stamps) {
    const name = `${stamp(at)}.log`;
    writeFileSync(path.join(dir, name), 'x'.repeat(at % 500));
    utimesSync(path.join(dir, name), new Date(base + 10 * minute), new Date(base + 10 * minute));
    order.set(name, at);
  }
  const pull = `${stamp(base + 30.5 * minute).slice(0, -4)}.log`;
  writeFileSync(path.join(dir, pull), 'pull\n');
  order.set(pull, base + 30.5 * minute - ((base + 30.5 * minute) % 1000));
  const part = `${stamp(base + 40 * minute + 1)}_2.log`;
  writeFileSync(path.join(dir, part), 'part\n');
  order.set(part, base + 40 * minute + 1);
  const byTime = { 'notes.txt': 100.5, 'run.log': 200.5, '2025-13-01-00-00-00-000.log': 150.5 };
  for (const [name, minutes] of Object.entries(byTime)) {
    writeFileSync(path.join(dir, name), name);
    const at = new Date(base + minutes * minute);
    utimesSync(path.join(dir, name), at, at);
    order.set(name, base + minutes * minute);
  }
  writeFileSync(outside, 'secret\n');
  symlinkSync(outside, path.join(dir, `${stamp(base + 500 * minute)}.log`));
  return order;
}

const expected = (order: Map<string, number>) =>
  [...order].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1)).map(([name]) => name);

test('a log folder is listed a page at a time, newest first by the name stamp, else by the time', async (t) => {
  const { app, token } = await signedIn(t);
  await app.ctx.settings.set('timezone', zone);
  const dir = path.join(app.ctx.paths.log, 'paged');
  const order = fill(dir, path.join(tempDir(t), 'outside.log'));
  mkdirSync(path.join(dir, 'sub'));
  const subAt = new Date(base + 120.5 * minute);
  utimesSync(path.join(dir, 'sub'), subAt, subAt);
  const get = async (url: string) => {
    const reply = await call(app, 'GET', url, { token });
    assert.equal(reply.status, 200, url);
    return reply.body.data as FileNode[];
  };

  // Qinglong's call: the whole folder, every file with its size and time.
  const whole = await get('/api/logs?path=paged');
  const names = expected(new Map([...order, ['sub', subAt.getTime()]]));
  assert.deepEqual(
    whole.map((n) => n.title),
    names,
  );
  for (const node of whole) {
    const info = statSync(path.join(dir, node.title));
    assert.equal(node.size, node.type === 'file' ? info.size : 0, node.title);
    assert.equal(node.mtime, Math.round(info.mtimeMs), node.title);
  }
  // The UI's call: pages that put together make the same list.
  const pages: FileNode[] = [];
  for (let offset = 0; offset < 300; offset += 100) {
    const page = await get(`/api/logs?path=paged&offset=${offset}&limit=100`);
    assert.equal(page.length, Math.min(100, whole.length - offset));
    pages.push(...page);
  }
  assert.deepEqual(pages, whole);
  assert.deepEqual(await get('/api/logs?path=paged&offset=1000&limit=100'), []);
  assert.equal((await call(app, 'GET', '/api/logs?path=paged&limit=0', { token })).status, 400);

  // A task's log files: the same order and sizes, files only.
  const cron = await addCron(app, { command: 'echo hi', log_name: 'paged' });
  const files = (await call(app, 'GET', `/api/crons/${cron.id}/logs`, { token })).body.data as LogFile[];
  assert.deepEqual(
    files.map((f) => f.filename),
    names.filter((n) => n !== 'sub'),
  );
  assert.deepEqual(
    files.map((f) => f.size),
    files.map((f) => statSync(path.join(dir, f.filename)).size),
  );
  const second = (await call(app, 'GET', `/api/crons/${cron.id}/logs?offset=100&limit=100`, { token })).body
    .data as LogFile[];
  assert.deepEqual(second, files.slice(100, 200));
});

test('a folder listed while logs are written into it and deleted from it lists each log once, pages full', async (t) => {
  const { app, token } = await signedIn(t);
  await app.ctx.settings.set('timezone', zone);
  const dir = path.join(app.ctx.paths.log, 'busy');
  mkdirSync(dir);
  for (let i = 0; i < 400; i++) writeFileSync(path.join(dir, `${stamp(base + i * minute)}.log`), 'line\n');
  // Another process deletes a log, starts a newer one and appends to an older one, over and over.
  const churn = spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('node:fs'), p = require('node:path');
       const dir = process.argv[1]; let n = 0;
       const stamp = (i) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString().replace(/[T:.]/g, '-').slice(0, 23);
       for (const end = Date.now() + 1500; Date.now() < end; n++) {
         const names = fs.readdirSync(dir);
         fs.rmSync(p.join(dir, names[(n * 7919) % names.length]), { force: true });
         fs.writeFileSync(p.join(dir, stamp(n) + '.log'), 'new\\n');
         fs.appendFileSync(p.join(dir, names[(n * 104729) % names.length]), 'more\\n');
       }
       console.log(n);`,
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  churn.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const done = new Promise<number | null>((resolve) => churn.on('exit', resolve));
  let listings = 0;
  let running = true;
  void done.then(() => (running = false));
  while (running || listings < 5) {
    for (const offset of [0, 100]) {
      const page = (await call(app, 'GET', `/api/logs?path=busy&offset=${offset}&limit=100`, { token })).body
        .data as FileNode[];
      // At least 400 logs at any moment: every page is full, no log twice, newest first.
      assert.equal(page.length, 100);
      assert.equal(new Set(page.map((n) => n.key)).size, 100);
      const titles = page.map((n) => n.title);
      assert.deepEqual(titles, [...titles].sort().reverse());
      // A size as it was when listed: logs only grow (a new one may still be empty).
      for (const node of page) {
        const now = statSync(path.join(dir, node.title), { throwIfNoEntry: false });
        if (now) assert.ok(node.size <= now.size, `${node.title}: ${node.size} > ${now.size}`);
      }
    }
    listings++;
  }
  assert.equal(await done, 0);
  assert.ok(Number(out) > 10, `the other process made ${out} changes`);
  assert.ok(readdirSync(dir).length >= 400);
});
