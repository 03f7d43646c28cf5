/**
 * The environment of a run, built in layers (later wins): a whitelist of the daemon's own variables (never its
 * secrets), Qinglong's path variables, default module paths, the panel's variables (same name joined with `&` in
 * position order), extra variables from the dependencies module, then the run's own. config.sh is sourced later by
 * the wrapper (shell/run-task.sh), which puts the panel's and the run's variables back on top of it.
 */
import { fromRoot } from '../../install/root.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { DataPaths } from '../../config/paths.ts';
import { variableNamePattern } from './task-command.ts';
import type { PanelVariable } from './types.ts';
import { withQlapi } from './qlapi-preload.ts';

/** Variables a run inherits from the daemon. Nothing else passes: BAIHU_* settings and keys stay in the daemon. */
const inheritedNames: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TERM',
  'TMPDIR',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'PYTHONIOENCODING',
];

/** The marker every process of a run carries; stop and crash recovery find stray processes by it. */
export const runIdVariable = 'BAIHU_RUN_ID';

/** A new run marker (the value of BAIHU_RUN_ID): 72 random bits, safe in an environment variable. */
export const newRunMarker = () => randomBytes(9).toString('base64url');

/** `shell/` of this checkout: `ql` and `task` work inside scripts on a host checkout too. */
const shellDir = fromRoot('shell');

/**
 * The npm packages Qinglong's image gives every script without an install (axios, got, undici, dotenv, crypto-js,
 * tough-cookie: script-packages/package.json). Last on NODE_PATH, so a version the user installs wins.
 */
export const scriptPackagesDir = fromRoot('script-packages', 'node_modules');

export function inheritedEnvironment(source: Readonly<NodeJS.ProcessEnv>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && (inheritedNames.includes(name) || name.startsWith('LC_'))) env[name] = value;
  }
  return env;
}

/** Same names joined with `&` in the given (position) order; names that are not valid variable names are skipped. */
export function joinPanelVariables(variables: readonly PanelVariable[]): Record<string, string> {
  const joined = new Map<string, string[]>();
  for (const { name, value } of variables) {
    if (!variableNamePattern.test(name) || name === runIdVariable) continue;
    joined.set(name, [...(joined.get(name) ?? []), value]);
  }
  return Object.fromEntries([...joined].map(([name, values]) => [name, values.join('&')]));
}

/** Joined once per list: the envs service hands out the same list until the table changes (envs/service.ts). */
const joinedLists = new WeakMap<readonly PanelVariable[], Record<string, string>>();

function joinedOnce(variables: readonly PanelVariable[]): Record<string, string> {
  let joined = joinedLists.get(variables);
  if (!joined) joinedLists.set(variables, (joined = joinPanelVariables(variables)));
  return joined;
}

export interface EnvironmentLayers {
  paths: DataPaths;
  panel: readonly PanelVariable[];
  extra?: Record<string, string>;
  run?: Record<string, string>;
  runId: string;
  /** The panel's time zone: the run's TZ (unless the panel's or the run's variables set one). */
  timezone?: string;
  /** The daemon's own environment (host.processEnvironment); only the whitelist above passes. */
  daemonEnv: Readonly<NodeJS.ProcessEnv>;
  /** That whitelist already applied (the executor's, filtered once at start rather than for every run). */
  inherited?: Readonly<Record<string, string>>;
}

export interface RunEnvironment {
  env: Record<string, string>;
  /** Names config.sh must not override (the panel's and the run's variables). */
  kept: string[];
  /** The panel's variable names in position order: what the runner may leave out when a run cannot hold them. */
  panel: string[];
}

export function buildEnvironment(layers: EnvironmentLayers): RunEnvironment {
  const { paths } = layers;
  const env = layers.inherited ? { ...layers.inherited } : inheritedEnvironment(layers.daemonEnv);
  env.PATH = withShellDir(env.PATH ?? '/usr/local/bin:/usr/bin:/bin');
  env.QL_DIR = path.dirname(paths.root);
  env.QL_DATA_DIR = paths.root;
  env.BAIHU_DATA_DIR = paths.root;
  env.NODE_PATH = [paths.deps, path.join(paths.deps, 'node_modules'), paths.scripts, scriptPackagesDir].join(':');
  env.PYTHONPATH = [paths.deps, paths.scripts].join(':');
  if (layers.timezone) env.TZ = layers.timezone;
  const panel = joinedOnce(layers.panel);
  const run = validOnly(layers.run ?? {});
  const extra = validOnly(layers.extra ?? {});
  Object.assign(env, panel, extra, run);
  env.PYTHONUNBUFFERED = '1';
  env[runIdVariable] = layers.runId;
  withQlapi(env);
  const own = (name: string) => !(name in run) && !(name in extra);
  return {
    env,
    kept: [...new Set([...Object.keys(panel), ...Object.keys(run)])],
    panel: Object.keys(panel).filter(own),
  };
}

/** PATH with shell/ last (`task` and `ql` on a host checkout), once. */
function withShellDir(pathList: string): string {
  return pathList.split(':').includes(shellDir) ? pathList : `${pathList}:${shellDir}`;
}

/**
 * The environment of a `task` typed inside a running task (a part of a chain, or a script that runs `task`): the
 * run's own, taken whole — the panel's variables, its token and QLAPI, what config.sh exported — with its marker, so
 * stopping the run stops this part too. Every name is kept over config.sh, which the part sources again: the values
 * already are what config.sh made of them.
 */
export function nestedEnvironment(outer: Readonly<NodeJS.ProcessEnv>, runId: string): RunEnvironment {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(outer)) if (value !== undefined) env[name] = value;
  env.PATH = withShellDir(env.PATH ?? '/usr/local/bin:/usr/bin:/bin');
  env[runIdVariable] = runId;
  const kept = Object.keys(env).filter(
    (name) => variableNamePattern.test(name) && name !== runIdVariable && !bashManaged.test(name),
  );
  return { env, kept, panel: [] };
}

/** Variables bash sets itself (or holds read-only) in every shell: never put back over config.sh. */
const bashManaged = /^(PWD|OLDPWD|SHLVL|_|SHELLOPTS|BASHOPTS|BASH_.*)$/;

function validOnly(variables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter(([name]) => variableNamePattern.test(name) && name !== runIdVariable),
  );
}
