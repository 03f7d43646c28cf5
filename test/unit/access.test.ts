import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { closedAccess, publicAccess, runAccess, scopeAccess, sessionAccess } from '../../daemon/src/access/declare.ts';
import { OpenSurface } from '../../daemon/src/access/open-surface.ts';
import { isOddSpelling } from '../../daemon/src/access/raw-path.ts';
import { isApiLike } from '../../daemon/src/app/ui.ts';

test('raw-path wall: canonical paths pass, pages and assets too', () => {
  for (const url of [
    '/api/user?x=1',
    '/api/system',
    '/crontab/detail',
    '/assets/index-1.js',
    '/apiary',
    '/b/api/user',
  ]) {
    assert.equal(isOddSpelling(url, url.startsWith('/b/') ? '/b/' : '/'), false, url);
  }
  // Names outside the ASCII letters are encoded by every client: they are not odd.
  assert.equal(isOddSpelling('/api/scripts/%E4%BB%BB%E5%8A%A1.js', '/'), false);
  assert.equal(isOddSpelling('/api/system?next=/api/../x', '/'), false, 'the query string is not part of it');
});

test('raw-path wall: odd spellings are refused', () => {
  for (const url of [
    '/API/user',
    '/Api/user',
    '/oPen/crons',
    '/api//user',
    '//api/user',
    '/api/%2e%2e/user',
    '/api/%2E/user',
    '/api%2Fuser',
    '/api/%5cuser',
    '/api/./user',
    '/api/a/../user',
    '/api\\user',
    '/x/%00',
    '/%61pi/envs',
    '/ap%69/ws',
    '/api/env%73',
    '/%71l/api/crons',
  ]) {
    assert.equal(isOddSpelling(url, '/'), true, url);
  }
  assert.equal(isOddSpelling('/b/API/user', '/b/'), true);
});

test('isApiLike: the API in any case, width or with parameters', () => {
  for (const rest of ['api/x', 'API/x', 'open', 'Open/crons', 'ａpi/envs', 'ＡＰＩ', 'api;x=1/envs']) {
    assert.equal(isApiLike(rest), true, rest);
  }
  for (const rest of ['apiary', 'crontab', 'assets/api.js', '']) assert.equal(isApiLike(rest), false, rest);
});

test('open surface: /open/<path> is routed to /api/<path> as sent; its own routes and other paths are left alone', () => {
  for (const [base, sent, routed] of [
    ['/', '/open/envs?searchValue=a', '/api/envs?searchValue=a'],
    ['/', '/open/crons/1/log', '/api/crons/1/log'],
    ['/ql/', '/ql/open/envs', '/ql/api/envs'],
    ['/', '/open/auth/token?client_id=a', '/open/auth/token?client_id=a'],
    ['/ql/', '/ql/open/auth/token', '/ql/open/auth/token'],
    ['/', '/open', '/open'],
    ['/', '/openx/envs', '/openx/envs'],
    ['/', '/OPEN/envs', '/OPEN/envs'],
    ['/ql/', '/open/envs', '/open/envs'],
    ['/', '/api/envs', '/api/envs'],
  ] as const) {
    const surface = new OpenSurface(base);
    const raw = { url: sent } as IncomingMessage;
    assert.equal(surface.rewriteUrl(raw), routed, `${base} ${sent}`);
  }
});

test('open surface: a route is served under /open only when its first segment is a scope it declares, or public', () => {
  const surface = new OpenSurface('/ql/');
  assert.deepEqual(surface.openAccess(scopeAccess('envs'), '/ql/api/envs/:id'), scopeAccess('envs'));
  assert.deepEqual(surface.openAccess(publicAccess, '/ql/api/system'), publicAccess);
  // A scope route filed under another first segment, a session or run route, a public route outside the scopes.
  for (const [access, url] of [
    [scopeAccess('system'), '/ql/api/metrics'],
    [sessionAccess, '/ql/api/envs/export'],
    [runAccess, '/ql/api/notify/script'],
    [publicAccess, '/ql/api/health'],
    [undefined, '/ql/api/envs'],
  ] as const) {
    assert.equal(surface.openAccess(access, url), closedAccess, url);
  }
  assert.equal(surface.twinOf('/ql/api/envs/:id'), '/ql/open/envs/:id');
  assert.equal(surface.twinOf('/ql/open/auth/token'), undefined);
  assert.equal(surface.twinOf('/ql/'), undefined);
});
