import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../../daemon/src/config/config.ts';
import { userDataDir } from '../helpers/app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('defaults: ./data, port 5700, every interface, base /', () => {
  const config = loadConfig({}, '/srv/baihu');
  assert.deepEqual(config, {
    dataDir: '/srv/baihu/data',
    port: 5700,
    host: '0.0.0.0',
    baseUrl: '/',
    logLevel: 'info',
    appDir: root.replace(/\/$/, ''),
    supervised: false,
    selfUpdate: true,
    releaseFeed: '',
    projectUrl: null,
    databaseUrl: null,
  });
});

test('the database URL: PostgreSQL URLs taken as given, anything else refused without echoing it', () => {
  for (const url of ['postgres://baihu:s3cret@db:5432/baihu', 'postgresql://localhost/baihu?sslmode=disable']) {
    assert.equal(loadConfig({ BAIHU_DATABASE_URL: ` ${url} ` }).databaseUrl, url);
  }
  assert.equal(loadConfig({ BAIHU_DATABASE_URL: '' }).databaseUrl, null, 'empty: SQLite in data/db');
  for (const bad of ['mysql://root:hunter2@db/baihu', 'hunter2', 'sqlite:///data/db']) {
    assert.throws(
      () => loadConfig({ BAIHU_DATABASE_URL: bad }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /BAIHU_DATABASE_URL must be a PostgreSQL URL/.test(error.message) &&
        !error.message.includes('hunter2') &&
        !error.message.includes(bad),
    );
  }
});

test('update variables: the entrypoint, self-update off for managed images, the feed and project URLs checked', () => {
  const config = loadConfig({
    BAIHU_SUPERVISED: '1',
    BAIHU_SELF_UPDATE: 'false',
    BAIHU_RELEASE_FEED: 'https://example.com/feed.json',
    BAIHU_PROJECT_URL: 'https://example.com/baihu',
    BAIHU_APP_DIR: '/baihu',
  });
  assert.deepEqual(
    [config.supervised, config.selfUpdate, config.releaseFeed, config.projectUrl, config.appDir],
    [true, false, 'https://example.com/feed.json', 'https://example.com/baihu', '/baihu'],
  );
  assert.throws(
    () => loadConfig({ BAIHU_RELEASE_FEED: 'ftp://example.com/feed' }),
    /BAIHU_RELEASE_FEED must be an https URL/,
  );
  assert.throws(() => loadConfig({ BAIHU_PROJECT_URL: 'not a url' }), /BAIHU_PROJECT_URL/);
});

test('the base URL is normalised to start and end with a slash', () => {
  assert.equal(loadConfig({ BAIHU_BASE_URL: 'baihu' }).baseUrl, '/baihu/');
  assert.equal(loadConfig({ BAIHU_BASE_URL: '/a/b' }).baseUrl, '/a/b/');
});

test('every bad variable is named in one error', () => {
  assert.throws(
    () =>
      loadConfig({
        BAIHU_PORT: 'seventy',
        BAIHU_HOST: 'not a host!',
        BAIHU_BASE_URL: '/a/../b',
        BAIHU_DATA_DIR: '',
        BAIHU_LOG_LEVEL: 'loud',
      }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      const text = error.message;
      for (const name of ['BAIHU_PORT', 'BAIHU_HOST', 'BAIHU_BASE_URL', 'BAIHU_DATA_DIR', 'BAIHU_LOG_LEVEL']) {
        assert.ok(text.includes(name), `${name} missing from: ${text}`);
      }
      return true;
    },
  );
  assert.throws(() => loadConfig({ BAIHU_PORT: '70000' }), /BAIHU_PORT/);
  assert.throws(() => loadConfig({ BAIHU_BASE_URL: '/with space/' }), /BAIHU_BASE_URL/);
});

test('the daemon refuses to start on a bad value and names the variable', (t) => {
  const dataDir = userDataDir(t);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'daemon/src/server.ts')], {
    cwd: root,
    env: { ...process.env, BAIHU_DATA_DIR: dataDir, BAIHU_PORT: '99999' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(result.status, 78);
  assert.match(result.stderr, /BAIHU_PORT must be a whole number from 0 to 65535 \(got "99999"\)/);
});
