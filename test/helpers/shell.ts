/**
 * The real commands of shell/ (ql, task) as a user types them, asynchronously: the daemon they talk to may live in
 * the test's own event loop, so a synchronous spawn would wait on itself.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { knownDatabaseEnv } from './postgres.ts';

export const shellBin = (name: 'ql' | 'task') => fileURLToPath(new URL(`../../shell/${name}`, import.meta.url));

export interface ShellResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs shell/<name> next to the daemon of `dataDir` on `port`, in English, with a clean environment. */
export function runShell(name: 'ql' | 'task', dataDir: string, port: string, ...args: string[]): Promise<ShellResult> {
  return new Promise((resolve) => {
    const child = spawn(shellBin(name), args, {
      cwd: os.tmpdir(),
      env: {
        PATH: process.env.PATH,
        HOME: os.tmpdir(),
        BAIHU_DATA_DIR: dataDir,
        BAIHU_PORT: port,
        LANG: 'en_US.UTF-8',
        ...knownDatabaseEnv(dataDir),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
