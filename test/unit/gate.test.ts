import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyPath } from '../../daemon/src/http/gate.ts';

test('classifyPath: canonical API paths are protected, the allow-list and pages are public', () => {
  assert.deepEqual(classifyPath('GET', '/api/user?x=1', '/'), { kind: 'protected', route: 'GET /api/user' });
  assert.deepEqual(classifyPath('GET', '/api/system', '/'), { kind: 'public' });
  assert.deepEqual(classifyPath('POST', '/api/system', '/'), { kind: 'protected', route: 'POST /api/system' });
  assert.deepEqual(classifyPath('GET', '/crontab/detail', '/'), { kind: 'public' });
  assert.deepEqual(classifyPath('GET', '/assets/index-1.js', '/'), { kind: 'public' });
  assert.deepEqual(classifyPath('GET', '/apiary', '/'), { kind: 'public' });
  assert.deepEqual(classifyPath('GET', '/open/crons', '/'), { kind: 'protected', route: 'GET /open/crons' });
  assert.deepEqual(classifyPath('GET', '/b/api/user', '/b/'), { kind: 'protected', route: 'GET /api/user' });
  assert.deepEqual(classifyPath('GET', '/api/static/avatar-1.png', '/'), { kind: 'public' });
});

test('classifyPath: every non-canonical spelling is refused before routing', () => {
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
    '/b/API/user',
  ]) {
    assert.deepEqual(classifyPath('GET', url, url.startsWith('/b/') ? '/b/' : '/'), { kind: 'bad' }, url);
  }
});

test('classifyPath: the query string is not part of the decision', () => {
  assert.deepEqual(classifyPath('GET', '/api/system?next=/api/../x', '/'), { kind: 'public' });
});
