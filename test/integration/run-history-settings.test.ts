/**
 * The run-history limits on the wire (`GET`/`PUT /api/system/config/run-history`): defaults, a round trip that the
 * retention job then follows, and bad values refused with the setting's message in both languages, saving nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, signedIn } from '../helpers/app.ts';

const url = '/api/system/config/run-history';

test('run-history limits: defaults, a round trip, and the schedule follows them', async (t) => {
  const { app, token } = await signedIn(t);
  const first = await call(app, 'GET', url, { token });
  assert.deepEqual(first.body, { code: 200, data: { runHistoryDays: 90, runHistoryPerTask: 1000 } });

  const saved = await call(app, 'PUT', url, { token, payload: { runHistoryDays: 30, runHistoryPerTask: 50 } });
  assert.deepEqual(saved.body, { code: 200, data: { runHistoryDays: 30, runHistoryPerTask: 50 } });
  assert.equal(app.ctx.settings.get('runHistoryDays'), 30);
  assert.equal(app.ctx.settings.get('runHistoryPerTask'), 50);
  const again = await call(app, 'GET', url, { token });
  assert.deepEqual(again.body, saved.body);

  // Both off (and log deletion off by default): nothing left to schedule.
  const off = await call(app, 'PUT', url, { token, payload: { runHistoryDays: 0, runHistoryPerTask: 0 } });
  assert.deepEqual(off.body, { code: 200, data: { runHistoryDays: 0, runHistoryPerTask: 0 } });
  const status = await call(app, 'GET', '/api/system/log-cleanup', { token });
  assert.equal((status.body.data as { nextAt: number | null }).nextAt, null);
  const on = await call(app, 'PUT', url, { token, payload: { runHistoryDays: 0, runHistoryPerTask: 10 } });
  assert.equal(on.status, 200);
  const next = await call(app, 'GET', '/api/system/log-cleanup', { token });
  assert.equal(typeof (next.body.data as { nextAt: number | null }).nextAt, 'number');
});

test('run-history limits: bad values are refused with a clear message (en, zh) and save nothing', async (t) => {
  const { app, token } = await signedIn(t);
  const cases: [Record<string, unknown>, string][] = [
    [{ runHistoryDays: -1, runHistoryPerTask: 10 }, 'runHistoryDays'],
    [{ runHistoryDays: 7.5, runHistoryPerTask: 10 }, 'runHistoryDays'],
    [{ runHistoryDays: 7, runHistoryPerTask: 1_000_001 }, 'runHistoryPerTask'],
    [{ runHistoryDays: 7, runHistoryPerTask: null }, 'runHistoryPerTask'],
    [{ runHistoryDays: '30', runHistoryPerTask: 10 }, 'runHistoryDays'],
  ];
  for (const [payload, field] of cases) {
    const reply = await call(app, 'PUT', url, { token, payload });
    assert.equal(reply.status, 400, JSON.stringify(payload));
    const label = field === 'runHistoryDays' ? 'run history kept (days)' : 'runs kept per task';
    assert.deepEqual(reply.body.errors, [
      { field, message: `${label} must be a whole number from 0 to 1000000 (0 = no limit)` },
    ]);
  }
  const zh = await call(app, 'PUT', url, { token, lang: 'zh', payload: { runHistoryDays: -5, runHistoryPerTask: 1 } });
  assert.equal(zh.status, 400);
  assert.deepEqual(zh.body.errors, [
    { field: 'runHistoryDays', message: '运行记录保留天数必须是 0 到 1000000 之间的整数（0 表示不限）' },
  ]);
  for (const payload of [{ runHistoryDays: 1 }, null, [1, 2]]) {
    const reply = await call(app, 'PUT', url, { token, payload });
    assert.equal(reply.status, 400, JSON.stringify(payload));
  }
  assert.equal(app.ctx.settings.get('runHistoryDays'), 90, 'nothing was saved');
  assert.equal(app.ctx.settings.get('runHistoryPerTask'), 1000);
});

test('run-history limits: the system scope is needed', async (t) => {
  const { app } = await signedIn(t);
  const anonymous = await call(app, 'GET', url);
  assert.equal(anonymous.status, 401);
  const put = await call(app, 'PUT', url, { payload: { runHistoryDays: 1, runHistoryPerTask: 1 } });
  assert.equal(put.status, 401);
});
