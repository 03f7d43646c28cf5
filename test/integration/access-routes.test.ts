/**
 * The route-table suite: every registered route, every spelling of its path, every kind of bad token. Routes come from
 * the daemon's own table (recorded as they are registered), so a route added later is covered without anyone listing
 * it here. Tier: integration — the real daemon on 127.0.0.1, real SQLite, real files; the requests go in-process through
 * `inject()` (the same hooks, router and handlers) but for the spellings only a socket carries, sent over one.
 *
 * Why not every spelling with every token (the full product, three and a half times the requests): the two decide different
 * things at different moments. The path's spelling decides routing — the raw-path wall, the /open rewrite (which also
 * fixes the surface) and the router pick the route, hence its access declaration — before anything reads a token; the
 * token decides access afterwards, in the one hook, from that declaration alone. So the sweep sends a covering set:
 *
 * - every spelling with no token and with an application token lacking the route's scope. A spelling routed past the
 *   hook, to a route without the declaration, or to a declaration that does not hold, lets the tokenless request
 *   through; one that lands on the wrong surface or scope check lets the wrong-scope token through.
 * - every token kind with the canonical path and one member of each spelling family (spellings.ts: percent-encoding in
 *   either hex case, an encoded slash, case, a fullwidth letter, doubled slashes, dot segments, path parameters, a
 *   trailing slash), a different member for each kind and route. A token accepted where it must not be is accepted on
 *   the canonical path; a check that depends on both (a token read differently on some spelling) still meets every
 *   family.
 *
 * Each request must be refused (4xx, never 2xx or 5xx), and at the end the database and the files are as before.
 */
import assert from 'node:assert/strict';
import { AsyncResource } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { test, type TestContext } from 'node:test';
import WebSocket from 'ws';
import { AccessKind, appScopes, runScopes, type AppScope } from '../../daemon/src/contract/access.ts';
import type { AppWithSecret } from '../../daemon/src/contract/apps.ts';
import type { RouteEntry } from '../../daemon/src/access/route-table.ts';
import { publicAccess } from '../../daemon/src/access/declare.ts';
import { call, initAccount, login, startApp } from '../helpers/app.ts';
import { inPool, rawRequest, type RawReply } from '../helpers/raw-http.ts';
import { sampleOf } from '../helpers/schema-values.ts';
import { databaseSnapshot, filesSnapshot } from '../helpers/snapshot.ts';
import { spellingsByFamily, spellingsOf } from '../helpers/spellings.ts';

/** The only routes anyone may call. A new public route must be added here on purpose. */
const expectedPublic = [
  'GET /api/system',
  'GET /api/health',
  'PUT /api/user/init',
  'POST /api/user/login',
  'PUT /api/user/two-factor/login',
  'GET /api/static/:file',
];
/** Under /open: the token exchange and the system's public info (Qinglong's twin of GET /api/system). */
const expectedPublicOpen = ['GET /open/auth/token', 'GET /open/system'];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function hs256(payload: object, key: string): string {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}

/** A concrete path for a route pattern: ids become the seeded id, names a harmless name. */
const concrete = (url: string) =>
  url
    .replace(/:id\b|:iid\b/g, '1')
    .replace(/:(\w+)/g, 'config.sh')
    .replace(/\*$/, 'x');

/** A token for a variant, chosen per route (an app token of every scope but the route's own). */
type TokenChoice = string | undefined | ((route: RouteEntry) => string | undefined);

/** Whether a variant's token is one that should open the route (the sweep skips it there). */
function opens(variant: string, route: RouteEntry): boolean {
  const access = route.access;
  if (access?.kind === AccessKind.run) return variant === 'run token';
  if (access?.kind !== AccessKind.scope) return false;
  if (variant === 'app token, all scopes' && (route.surface === 'open' || access.appsOnApi)) return true;
  if (route.surface !== 'open') return false;
  return variant === 'run token' && runScopes.includes(access.scope);
}

interface Sweep {
  app: FastifyInstance;
  port: number;
  routes: RouteEntry[];
  tokens: Record<string, TokenChoice>;
  marker: string;
  dataDir: string;
  snapshot: () => Promise<unknown>;
}

async function prepare(t: TestContext, baseUrl: string, rawPathWall: boolean): Promise<Sweep> {
  const { app, dataDir, clock } = await startApp(t, { env: { BAIHU_BASE_URL: baseUrl }, rawPathWall });
  const api = `${app.ctx.config.baseUrl}api`;
  await initAccount(app);
  const token = await login(app);
  const marker = path.join(dataDir, 'MARKER-acted');
  const command = `touch ${marker}`;
  // Rows with id 1 in every area, so that a request that got through would find something to change or run.
  const seeds: [string, unknown][] = [
    ['/crons', { name: 'seed', command, schedule: '0 0 1 1 *' }],
    ['/envs', [{ name: 'SEED', value: command }]],
    ['/crons/views', { name: 'seed view', filters: [] }],
    [
      '/subscriptions',
      { name: 'seed', type: 'file', url: 'http://127.0.0.1:9/x.js', alias: 'seed', schedule: '0 0 1 1 *' },
    ],
  ];
  for (const [url, payload] of seeds) {
    const res = await call(app, 'POST', `${api}${url}`, { token, payload });
    assert.equal(res.body.code, 200, `seed ${url}: ${JSON.stringify(res.body)}`);
  }
  // A second session, ended: its token is well signed but revoked.
  const revoked = await login(app);
  await call(app, 'POST', `${api}/user/logout`, { token: revoked });

  // Applications: one holding every scope but S for each scope S, one revoked by a reset, one whose token expired.
  const appToken = async (name: string, scopes: AppScope[], at?: number) => {
    const created = await call(app, 'POST', `${api}/apps`, { token, payload: { name, scopes } });
    const { client_id, client_secret } = created.body.data as AppWithSecret;
    const now = clock.now();
    if (at !== undefined) clock.set(at);
    const query = new URLSearchParams({ client_id, client_secret });
    const res = await call(app, 'GET', `${app.ctx.config.baseUrl}open/auth/token?${query}`);
    clock.set(now);
    assert.equal(res.body.code, 200, JSON.stringify(res.body));
    return { id: (created.body.data as AppWithSecret).id, token: (res.body.data as { token: string }).token };
  };
  const allButOne = new Map<string, string>();
  for (const scope of appScopes) {
    allButOne.set(
      scope,
      (
        await appToken(
          `all but ${scope}`,
          appScopes.filter((s) => s !== scope),
        )
      ).token,
    );
  }
  const everything = await appToken('every scope', [...appScopes]);
  const revokedApp = await appToken('revoked', [...appScopes]);
  await call(app, 'PUT', `${api}/apps/${revokedApp.id}/reset-secret`, { token });
  const expiredApp = await appToken('expired', [...appScopes], clock.now() - 31 * 24 * 3600 * 1000);

  const jti = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
  const claims = { jti, sub: '1', iat: Math.floor(Date.now() / 1000) };
  const tokens: Record<string, TokenChoice> = {
    none: undefined,
    garbage: 'garbage',
    malformed: 'a.b.c',
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: claims.iat + 3600 })}.`,
    'empty key': hs256({ ...claims, exp: claims.iat + 3600 }, ''),
    'guessed key whyour-secret': hs256({ ...claims, exp: claims.iat + 3600 }, 'whyour-secret'),
    'guessed key secret': hs256({ ...claims, exp: claims.iat + 3600 }, 'secret'),
    expired: app.jwt.sign({ ...claims, exp: claims.iat - 60 }),
    revoked,
    'run token': app.ctx.runTokens.issue('probe-run'),
    'app token, all scopes': everything.token,
    'app token, another scope': (route) =>
      route.access?.kind === AccessKind.scope ? allButOne.get(route.access.scope) : everything.token,
    'app token, revoked': revokedApp.token,
    'app token, expired': expiredApp.token,
  };

  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const snapshot = async () => ({
    db: await databaseSnapshot(app),
    files: filesSnapshot(dataDir, (relative) => relative.startsWith('db') || relative.startsWith('syslog')),
  });
  return { app, port, routes: app.routeTable, tokens, marker, dataDir, snapshot };
}

/**
 * Whether `inject()` hands the daemon `rawPath` byte for byte: it parses paths as URLs, which resolves dot segments
 * (`/./`, `/x/%2e%2e/`), so those spellings go over a real socket instead.
 */
function injectable(rawPath: string): boolean {
  const parsed = new URL(rawPath.startsWith('//') ? `http://localhost${rawPath}` : rawPath, 'http://localhost');
  return parsed.pathname + parsed.search === rawPath;
}

/**
 * One request of the sweep: in-process through Fastify's `inject()` (the same hooks, router and handlers as a socket,
 * without the HTTP framing — the sweep's million requests take minutes less), or over the socket when only the wire
 * can carry the spelling.
 */
async function send(
  s: Sweep,
  method: string,
  rawPath: string,
  options: { headers: Record<string, string>; body: string | undefined },
): Promise<RawReply> {
  if (!injectable(rawPath)) return rawRequest(s.port, method, rawPath, options);
  const reply = await s.app.inject({
    method: method as 'GET',
    url: rawPath,
    headers: options.headers,
    ...(options.body === undefined ? {} : { payload: options.body }),
  });
  return { status: reply.statusCode, body: reply.body };
}

/** The token kinds every spelling is tried with: no token at all, and an application token without the route's scope. */
const routingTokens = ['none', 'app token, another scope'];

/**
 * The requests for one route: each spelling with the routing tokens; each token kind with the canonical path and one
 * member of every spelling family (a different member for each kind and route).
 */
function plan(route: RouteEntry, routeIndex: number, tokenKinds: string[]): [variant: string, spelled: string][] {
  const canonical = concrete(route.url);
  const families = Object.values(spellingsByFamily(canonical)).filter((members) => members.length > 0);
  const kinds = tokenKinds.filter((variant) => !opens(variant, route));
  const pairs = new Map<string, [string, string]>();
  const add = (variant: string, spelled: string) => pairs.set(`${variant} ${spelled}`, [variant, spelled]);
  for (const spelled of [canonical, ...families.flat()]) {
    for (const variant of routingTokens) if (kinds.includes(variant)) add(variant, spelled);
  }
  kinds.forEach((variant, k) => {
    add(variant, canonical);
    for (const members of families) add(variant, members[(k + routeIndex) % members.length]!);
  });
  return [...pairs.values()];
}

async function sweep(t: TestContext, baseUrl: string, rawPathWall: boolean): Promise<void> {
  const s = await prepare(t, baseUrl, rawPathWall);
  const before = await s.snapshot();
  // Public by the expected lists, not by the route's own word: a route whose declaration turned public is swept too.
  const expectedOpenToAll = new Set(
    [...expectedPublic, ...expectedPublicOpen].map((r) => r.replace(' /', ` ${baseUrl}`)),
  );
  const underApi = (url: string) => url.startsWith(`${baseUrl}api/`) || url.startsWith(`${baseUrl}open/`);
  const protectedRoutes = s.routes.filter((r) =>
    r.access?.kind === AccessKind.public ? underApi(r.url) && !expectedOpenToAll.has(`${r.method} ${r.url}`) : true,
  );
  assert.ok(protectedRoutes.length >= 200, `only ${protectedRoutes.length} protected routes found`);
  const openTwins = protectedRoutes.filter((r) => r.surface === 'open').length;
  assert.ok(openTwins >= 100, `the /open twins are swept too (${openTwins})`);

  const failures: string[] = [];
  const jobs: (() => Promise<void>)[] = [];
  let overSocket = 0;
  const tokenKinds = Object.keys(s.tokens);
  protectedRoutes.forEach((route, routeIndex) => {
    const body =
      route.schema?.body === undefined ? undefined : JSON.stringify(sampleOf(route.schema.body, `touch ${s.marker}`));
    for (const [variant, spelled] of plan(route, routeIndex, tokenKinds)) {
      const choice = s.tokens[variant];
      const token = typeof choice === 'function' ? choice(route) : choice;
      if (!injectable(spelled)) overSocket++;
      jobs.push(async () => {
        const headers: Record<string, string> = { 'accept-language': 'en' };
        if (token !== undefined) headers.authorization = `Bearer ${token}`;
        if (body !== undefined) headers['content-type'] = 'application/json';
        const reply = await send(s, route.method, spelled, { headers, body }).catch((error: Error) => ({
          status: 0,
          body: `${error.message}`,
        }));
        if (reply.status < 400 || reply.status >= 500) {
          failures.push(`${route.method} ${spelled} [${variant}] → ${reply.status} ${reply.body.slice(0, 120)}`);
        }
      });
    }
  });
  // The refusals' errors (fast-jwt's among them) need no stack: building one per request is a good part of the CPU.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    await outsideTestScope(() => inPool(jobs));
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  t.diagnostic(
    `base ${baseUrl}, raw-path wall ${rawPathWall ? 'on' : 'off'}: ${protectedRoutes.length} routes, ${jobs.length} requests (${overSocket} over the socket)`,
  );
  assert.ok(overSocket > 0, 'the spellings only a socket carries were sent over one');
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} requests got through or failed badly`);
  assert.equal(existsSync(s.marker), false, 'a marker command ran');
  assert.deepEqual(await s.snapshot(), before, 'a refused request changed the database or the files');
}

/**
 * Runs `fn` in an async scope of its own: node:test's async hook records every promise made under a test (to pin an
 * uncaught error on it), which for the sweep's requests is a good part of the CPU. The sweep's errors are caught and
 * collected, and a rejection still reaches the caller.
 */
function outsideTestScope<T>(fn: () => Promise<T>): Promise<T> {
  return new AsyncResource('route sweep', { triggerAsyncId: 0 }).runInAsyncScope(fn);
}

test('every route declares its access; the public ones are exactly the expected list', async (t) => {
  const { app } = await startApp(t, { env: { BAIHU_BASE_URL: '/ql/' } });
  await app.ready().then(() => app.ctx.started);
  const undeclared = app.routeTable.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
  assert.deepEqual(undeclared, [], 'routes without an access declaration');
  const publicApi = app.routeTable
    .filter((r) => r.access?.kind === AccessKind.public && r.url.startsWith('/ql/api/'))
    .map((r) => `${r.method} ${r.url.replace('/ql/', '/')}`);
  assert.deepEqual(publicApi.sort(), [...expectedPublic].sort());
  // Outside the API only the UI is public: the base, its files and the redirect to it.
  const publicOpen = app.routeTable
    .filter((r) => r.access?.kind === AccessKind.public && r.url.startsWith('/ql/open/'))
    .map((r) => `${r.method} ${r.url.replace('/ql/', '/')}`);
  assert.deepEqual(publicOpen.sort(), [...expectedPublicOpen].sort());
  const publicOther = app.routeTable
    .filter((r) => r.access?.kind === AccessKind.public && !/^\/ql\/(api|open)\//.test(r.url))
    .map((r) => `${r.method} ${r.url}`);
  assert.deepEqual(publicOther.sort(), ['GET /', 'GET /ql/', 'GET /ql/*'].sort());
});

test('a route registered without a declaration is refused to everyone, signed in or not', async (t) => {
  const { app } = await startApp(t);
  app.get('/api/undeclared', async () => ({ code: 200, data: 'leaked' }));
  app.get('/api/declared', { config: { access: publicAccess } }, async () => ({ code: 200, data: 'fine' }));
  await initAccount(app);
  const token = await login(app);
  assert.equal((await call(app, 'GET', '/api/undeclared')).status, 403);
  const signedIn = await call(app, 'GET', '/api/undeclared', { token });
  assert.equal(signedIn.status, 403);
  assert.equal(signedIn.body.error, 'forbidden');
  assert.equal((await call(app, 'GET', '/api/declared')).status, 200);
  assert.ok(app.routeTable.some((r) => r.url === '/api/undeclared' && r.access === undefined));
});

for (const baseUrl of ['/', '/ql/']) {
  for (const wall of [false, true]) {
    test(`no spelling of any protected route, with any bad token, answers 2xx or acts (base ${baseUrl}, raw-path wall ${wall ? 'on' : 'off'})`, async (t) => {
      await sweep(t, baseUrl, wall);
    });
  }
}

test('the live-log socket opens with a session and with no spelling of its path without one', async (t) => {
  const s = await prepare(t, '/ql/', false);
  /** 'live' only when the socket answers a ping: an upgrade that is closed at once serves nothing. */
  const open = (rawPath: string, token?: string) =>
    new Promise<number | 'live' | 'closed'>((resolve) => {
      const query = token ? `${rawPath.includes('?') ? '&' : '?'}token=${token}` : '';
      const socket = new WebSocket(`ws://127.0.0.1:${s.port}${rawPath}${query}`);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'ping' })));
      socket.on('message', (raw) => {
        if ((JSON.parse(String(raw)) as { type: string }).type === 'pong') resolve('live');
        socket.close();
      });
      socket.on('close', () => resolve('closed'));
      socket.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      });
      socket.on('error', () => resolve(0));
    });
  const session = await (async () => {
    const res = await fetch(`http://127.0.0.1:${s.port}/ql/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'keeper', password: 'correct-horse-42' }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  })();
  assert.equal(await open('/ql/api/ws', session), 'live');
  const refused: string[] = [];
  for (const spelled of ['/ql/api/ws', ...spellingsOf('/ql/api/ws')]) {
    for (const token of [
      undefined,
      'garbage',
      s.tokens.expired,
      s.tokens['alg none'],
      s.tokens['app token, all scopes'],
    ]) {
      if (typeof token === 'function') continue;
      const result = await open(spelled, token);
      if (result === 'live') refused.push(`${spelled} ${token ?? 'no token'}`);
    }
  }
  assert.deepEqual(refused, [], 'spellings that opened the socket');
});
