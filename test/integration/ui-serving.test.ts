import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { startApp } from '../helpers/app.ts';

const uiDir = fileURLToPath(new URL('../fixtures/ui', import.meta.url));

for (const base of ['/', '/baihu/', '/tools/panel/']) {
  test(`under base ${base}: deep links get index.html with <base href>, assets are files, missing ones 404`, async (t) => {
    const { app } = await startApp(t, { uiDir, env: { BAIHU_BASE_URL: base } });
    for (const page of ['', 'crontab', 'setting/security', 'crontab/detail', 'no/such/page']) {
      const res = await app.inject({ method: 'GET', url: `${base}${page}` });
      assert.equal(res.statusCode, 200, `${base}${page}`);
      assert.match(res.headers['content-type'] as string, /text\/html/);
      assert.ok(res.body.includes(`<base href="${base}" />`), res.body);
      assert.ok(res.body.includes('./assets/index-abc123.js'));
      assert.equal(res.headers['cache-control'], 'no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: `${base}assets/index-abc123.js` });
    assert.equal(asset.statusCode, 200);
    assert.match(asset.headers['cache-control'] as string, /immutable/);
    assert.ok(asset.body.includes('fixture bundle'));
    const missing = await app.inject({ method: 'GET', url: `${base}assets/gone-123.js` });
    assert.equal(missing.statusCode, 404, 'a missing chunk must fail, not return index.html');
    const csp = asset.headers['content-security-policy'] as string;
    assert.match(csp, /script-src 'self'/);
  });
}
