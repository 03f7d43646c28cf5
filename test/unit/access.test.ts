import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isOddSpelling } from '../../daemon/src/access/raw-path.ts';
import { isApiLike } from '../../daemon/src/ui.ts';

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
