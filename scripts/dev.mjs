#!/usr/bin/env node
// `npm run dev`: the daemon under `tsx watch` (restarts on any daemon change) and `vite build --watch` (rebuilds
// ui/dist on any UI change). The daemon reads ui/dist/index.html when it starts, so it also watches that file and
// restarts after each UI rebuild; reload the browser to see the change. One port, the same as production.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [];
let stopping = false;

function start(name, command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  child.on('error', (error) => {
    console.error(`[dev] ${name} could not start: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stopAll(code || 1);
    } else if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(process.exitCode ?? 0);
    }
  });
  children.push(child);
  return child;
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (alive.length === 0) process.exit(code);
  for (const child of alive) child.kill('SIGTERM');
  // Whatever ignores SIGTERM for 5 s is killed.
  setTimeout(() => {
    for (const child of alive) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

if (existsSync(path.join(root, 'ui', 'vite.config.ts'))) {
  start('vite build --watch', bin('vite'), ['build', '--watch', '--config', 'ui/vite.config.ts']);
} else {
  console.warn('[dev] ui/vite.config.ts does not exist yet: running the daemon only (API without the web UI).');
}
start('daemon', bin('tsx'), [
  'watch',
  '--clear-screen=false',
  '--include',
  'ui/dist/index.html',
  'daemon/src/server.ts',
]);

const port = process.env.BAIHU_PORT ?? '5700';
console.log(`[dev] Panel: http://localhost:${port}${process.env.BAIHU_BASE_URL ?? '/'} (Ctrl-C stops everything)`);
