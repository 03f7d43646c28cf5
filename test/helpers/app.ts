import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { buildApp } from '../../daemon/src/app/app.ts';
import type { AppOptions } from '../../daemon/src/app/options.ts';
import { ManualClock, type Clock } from '../../daemon/src/time/clock.ts';
import { loadConfig, readHost } from '../../daemon/src/config/config.ts';
import { databaseEnv, onPostgres } from './postgres.ts';

/**
 * What must stop before a test's temp dirs are removed: its daemons. A test's after-hooks run in the order they were
 * added, so the dir (made first) would go before the daemon closes, and a job still ending then (the start-up log
 * deletion) wrote its log into a new copy of it, left behind.
 */
const stopFirst = new WeakMap<TestContext, (() => Promise<void>)[]>();

/** A fresh temp directory, removed when the test ends (after the daemons the test started). */
export function tempDir(t: TestContext, prefix = 'baihu-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  t.after(async () => {
    for (const stop of stopFirst.get(t) ?? []) await stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/**
 * A data dir where a user's is: below a package.json that says `"type": "module"`, as the README's `./data` sits below
 * the checkout's and the image's `/baihu/data` below `/baihu/package.json`. Scripts must load as on Qinglong there.
 */
export function userDataDir(t: TestContext, prefix = 'baihu-test-'): string {
  const root = tempDir(t, prefix);
  writeModulePackage(root);
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  return dataDir;
}

/** The package.json of Baihu's checkout, as far as module loading goes. */
export function writeModulePackage(dir: string): void {
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "baihu", "type": "module" }\n');
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  clock: ManualClock;
}

/**
 * The real daemon, in-process, on a fresh SQLite file in a temp dir (on the PostgreSQL pass, a fresh PostgreSQL
 * database: postgres.ts). Closed when the test ends.
 */
export async function startApp(
  t: TestContext,
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    uiDir?: string;
    clock?: ManualClock | Clock;
    rawPathWall?: boolean;
    timeouts?: AppOptions['timeouts'];
    restart?: AppOptions['restart'];
    qinglongImport?: AppOptions['qinglongImport'];
    /** Further options of buildApp (the logger and its system log destination, the restart hook). */
    appOptions?: Partial<Omit<AppOptions, 'config' | 'clock'>>;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? userDataDir(t);
  // Tests that pass the system clock (the browser tests) never move it by hand, so the cast is safe for them.
  const clock = (options.clock ?? new ManualClock(Date.now())) as ManualClock;
  const database = await databaseEnv(dataDir);
  const config = loadConfig({ BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '0', ...database, ...options.env });
  // The test's variables also stand for the machine's (TZ pins the container's zone).
  const appOptions: AppOptions = {
    config,
    clock,
    host: readHost({ ...process.env, ...options.env }),
    ...options.appOptions,
  };
  if (options.uiDir) appOptions.uiDir = options.uiDir;
  if (options.rawPathWall !== undefined) appOptions.rawPathWall = options.rawPathWall;
  if (options.timeouts) appOptions.timeouts = options.timeouts;
  if (options.restart) appOptions.restart = options.restart;
  if (options.qinglongImport) appOptions.qinglongImport = options.qinglongImport;
  const app = await buildApp(appOptions);
  // A timer's work reaches PostgreSQL over a socket: a turn of the event loop is not enough for it to end.
  if (onPostgres && clock instanceof ManualClock) {
    clock.settle = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await app.ctx.database.quiet();
    };
  }
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= app.close());
  stopFirst.set(t, [...(stopFirst.get(t) ?? []), close]);
  t.after(close);
  if (options.appOptions?.systemLog) t.after(() => options.appOptions?.systemLog?.close());
  return { app, dataDir, clock };
}

export const account = { username: 'keeper', password: 'correct-horse-42' };

export interface CallOptions {
  token?: string;
  payload?: unknown;
  lang?: 'en' | 'zh';
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  body: {
    code: number;
    data?: unknown;
    message?: string;
    error?: string;
    errors?: { field: string; message: string }[];
  };
}

/** One API call through inject, with the body parsed. English messages unless asked otherwise. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request: InjectOptions = { method, url, headers };
  if (options.payload !== undefined) request.payload = options.payload as InjectOptions['payload'];
  const res = await app.inject(request);
  let body: Reply['body'];
  try {
    body = res.json();
  } catch {
    body = { code: -1, message: res.body };
  }
  return { status: res.statusCode, body };
}

/** The API prefix of an app (its base URL + `api`). */
const apiOf = (app: FastifyInstance) => `${app.ctx.config.baseUrl}api`;

/**
 * Creates the account and finishes the first-run wizard, as a panel in use is. (`PUT user/init` alone leaves the
 * wizard pending, and the UI sends whoever signs in back to it.)
 */
export async function initAccount(app: FastifyInstance, credentials = account): Promise<void> {
  const res = await call(app, 'PUT', `${apiOf(app)}/user/init`, { payload: credentials });
  if (res.body.code !== 200) throw new Error(`init failed: ${JSON.stringify(res.body)}`);
  const { token } = res.body.data as { token: string };
  const done = await call(app, 'PUT', `${apiOf(app)}/system/setup/done`, { token, payload: {} });
  if (done.body.code !== 200) throw new Error(`setup done failed: ${JSON.stringify(done.body)}`);
}

export async function login(app: FastifyInstance, credentials = account): Promise<string> {
  const res = await call(app, 'POST', `${apiOf(app)}/user/login`, { payload: credentials });
  const data = res.body.data as { token?: string } | undefined;
  if (res.body.code !== 200 || !data?.token) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return data.token;
}

/** Initialises the account and signs in: the usual start of a test of a protected area. */
export async function signedIn(t: TestContext, options: Parameters<typeof startApp>[1] = {}) {
  const started = await startApp(t, options);
  await initAccount(started.app);
  const token = await login(started.app);
  return { ...started, token };
}
