import { fromRoot } from '../../install/root.ts';

/** The files that give runs Qinglong's `QLAPI` (shell/preload): Node's `--require` module, Python's sitecustomize. */
export const qlapiNodePreload = fromRoot('shell', 'preload', 'qlapi.cjs');
export const qlapiPythonDir = fromRoot('shell', 'preload', 'python');

/** A value NODE_OPTIONS reads as one argument, spaces included. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * Preloads QLAPI the way Qinglong does, into a run that holds its own token (QLAPI calls the daemon with it): Node
 * gets `--require` in front of any NODE_OPTIONS the user set, Python finds our sitecustomize first on PYTHONPATH
 * (it runs the next one on the path itself). Loading defines the global only; the work waits for the first call.
 */
export function withQlapi(env: Record<string, string>): void {
  if (!env.BAIHU_NOTIFY_TOKEN) return;
  env.NODE_OPTIONS = [`--require ${quoted(qlapiNodePreload)}`, env.NODE_OPTIONS].filter(Boolean).join(' ');
  env.PYTHONPATH = [qlapiPythonDir, env.PYTHONPATH].filter(Boolean).join(':');
}
