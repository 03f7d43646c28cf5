/**
 * What Linux lets a process receive, and how a run's environment is kept inside it. execve() refuses (E2BIG, "spawn
 * E2BIG") a single `NAME=value` string of 128 KiB or more (MAX_ARG_STRLEN, the terminating NUL included) and argv +
 * environment together beyond ARG_MAX (a quarter of the stack limit: 2 MiB with the usual 8 MiB stack), counting
 * each string's bytes, its NUL and its pointer. A variable past either limit made every run fail; the panel refuses
 * writes that would get there (modules/envs) and the runner trims what got in another way (below).
 */
import { execFileSync } from 'node:child_process';
import { maxVariableBytes } from '../../contract/envs.ts';

/** Most bytes of one `NAME=value` string, its NUL included (MAX_ARG_STRLEN = 32 pages of 4 KiB; contract/envs.ts). */
export { maxVariableBytes } from '../../contract/envs.ts';
/**
 * Most bytes the panel's enabled variables may take together (`NAME=value` strings, same names joined). Half of the
 * usual ARG_MAX: the rest is for the daemon's own variables, the command, config.sh exports and the hooks.
 */
export const panelVariablesBudget = 1024 * 1024;
/** Left free below ARG_MAX by the runner, for what config.sh exports and the wrapper adds before the command. */
const wrapperReserve = 256 * 1024;
const pointerBytes = 8;

/** Bytes of one environment string `NAME=value` with its NUL. */
export const variableBytes = (name: string, value: string) => Buffer.byteLength(name) + Buffer.byteLength(value) + 2;

/** What one string costs against ARG_MAX: its bytes, its NUL and its pointer. */
const argBytes = (text: string) => Buffer.byteLength(text) + 1 + pointerBytes;

let argMaxCache: number | undefined;
/** ARG_MAX of this machine (`getconf ARG_MAX`, once); 2 MiB when it cannot be asked. */
export function argMax(): number {
  if (argMaxCache === undefined) {
    try {
      const value = Number(execFileSync('getconf', ['ARG_MAX'], { encoding: 'utf8', timeout: 5000 }).trim());
      argMaxCache = Number.isFinite(value) && value >= 128 * 1024 ? value : 2 * 1024 * 1024;
    } catch {
      argMaxCache = 2 * 1024 * 1024;
    }
  }
  return argMaxCache;
}

/** Most bytes of argv + environment the runner hands the wrapper. */
export const runBudget = () => argMax() - wrapperReserve;

/** The two limits in KB, as the log lines name them. */
export const limitsKb = () => ({ variable: maxVariableBytes / 1024, total: Math.floor(runBudget() / 1024) });

/** The problem with a set of variables as a run would get them (same names already joined), or null. */
export type LimitProblem = { kind: 'variable'; name: string; bytes: number } | { kind: 'total'; bytes: number };

export function panelLimitProblem(joined: Record<string, string>): LimitProblem | null {
  let total = 0;
  for (const [name, value] of Object.entries(joined)) {
    const bytes = variableBytes(name, value);
    if (bytes > maxVariableBytes) return { kind: 'variable', name, bytes };
    total += bytes;
  }
  return total > panelVariablesBudget ? { kind: 'total', bytes: total } : null;
}

/** Why the runner left a variable out of a run. */
export type DropReason = 'variable' | 'total' | 'nul';
export interface Dropped {
  name: string;
  bytes: number;
  reason: DropReason;
}

/**
 * Removes from `env` (in place) what would stop the process from starting: any of `droppable` (the panel's
 * variables, in position order) that is too long alone or holds a NUL, then, while argv + environment exceed the
 * budget, the droppable ones from the end of the list. Returns what was left out, so the run's log can say so.
 */
export function fitEnvironment(
  env: Record<string, string>,
  argv: readonly string[],
  droppable: readonly string[],
  budget = runBudget(),
): Dropped[] {
  const dropped: Dropped[] = [];
  const drop = (name: string, reason: DropReason) => {
    dropped.push({ name, bytes: variableBytes(name, env[name]!), reason });
    delete env[name];
  };
  for (const name of droppable) {
    const value = env[name];
    if (value === undefined) continue;
    if (value.includes('\0')) drop(name, 'nul');
    else if (variableBytes(name, value) > maxVariableBytes) drop(name, 'variable');
  }
  let total = argv.reduce((sum, arg) => sum + argBytes(arg), 0);
  for (const [name, value] of Object.entries(env)) total += argBytes(`${name}=${value}`);
  for (let i = droppable.length - 1; i >= 0 && total > budget; i--) {
    const name = droppable[i]!;
    if (env[name] === undefined) continue;
    total -= argBytes(`${name}=${env[name]}`);
    drop(name, 'total');
  }
  return dropped;
}
