/** The pure parts of the Qinglong import: Keyv and Sequelize values, passwords, libraries, keys, channels, reasons. */
import assert from 'node:assert/strict';
import { scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { formatImportReason } from '../../daemon/src/contract/import.ts';
import { verifyPassword } from '../../daemon/src/auth/password.ts';
import { planAccount, plannedPassword } from '../../daemon/src/modules/qinglong-import/account.ts';
import {
  dependencyKey,
  newItems,
  subscriptionKey,
  taskKey,
  variableKey,
} from '../../daemon/src/modules/qinglong-import/idempotence.ts';
import { decodeKeyvValue, keyvEntries } from '../../daemon/src/modules/qinglong-import/keyv.ts';
import { classifyNotifyLibrary, filledSettings } from '../../daemon/src/notifications/library-state.ts';
import {
  loadStockHashes,
  parseStockHashes,
  sha256Of,
  stockListFile,
} from '../../daemon/src/notifications/stock-libraries.ts';
import { planNotification } from '../../daemon/src/modules/qinglong-import/notification.ts';
import { ImportReport } from '../../daemon/src/modules/qinglong-import/report.ts';
import { dateMs, flag, jsonValue, stringList } from '../../daemon/src/modules/qinglong-import/values.ts';
import {
  editedSendNotify,
  keyvSerialize,
  ownSendNotify,
  sequelizeDate,
  stockNotifyPy,
} from '../helpers/qinglong/index.ts';

test('keyv: values as Keyv 4 and 5 write them, the ":" escape and buffers undone, expired and foreign rows ignored', () => {
  const now = Date.UTC(2025, 2, 1);
  assert.equal(decodeKeyvValue(keyvSerialize(':starts with colon'), now), ':starts with colon');
  assert.equal(decodeKeyvValue(keyvSerialize('::two'), now), '::two');
  assert.deepEqual(decodeKeyvValue(keyvSerialize({ a: [':x', 'y'] }, true), now), { a: [':x', 'y'] });
  assert.deepEqual(decodeKeyvValue(keyvSerialize(Buffer.from('hi')), now), Buffer.from('hi'));
  assert.equal(decodeKeyvValue(JSON.stringify({ value: 'old', expires: now - 1 }), now), undefined);
  assert.equal(decodeKeyvValue(JSON.stringify({ value: 'fresh', expires: now + 1 }), now), 'fresh');
  assert.equal(decodeKeyvValue('not json', now), undefined);
  assert.equal(decodeKeyvValue(JSON.stringify(['no envelope']), now), undefined);
  const entries = keyvEntries(
    [
      { key: 'keyv:lang', value: keyvSerialize('zh') },
      { key: 'other:lang', value: keyvSerialize('en') },
      { key: 'keyv:gone', value: JSON.stringify({ value: 1, expires: 5 }) },
    ],
    now,
  );
  assert.deepEqual([...entries], [['lang', 'zh']]);
});

test('sequelize values: DATETIME text, JSON text (even twice encoded), 0/1 flags', () => {
  assert.equal(dateMs(sequelizeDate('2025-03-01T08:00:00.123Z')), Date.UTC(2025, 2, 1, 8, 0, 0, 123));
  assert.equal(dateMs('2025-03-01 16:00:00.000 +08:00'), Date.UTC(2025, 2, 1, 8));
  assert.equal(dateMs('garbage'), null);
  assert.deepEqual(jsonValue('["a","b"]'), ['a', 'b']);
  assert.deepEqual(jsonValue(JSON.stringify(JSON.stringify([{ schedule: '0 1 * * *' }]))), [{ schedule: '0 1 * * *' }]);
  assert.equal(jsonValue('{broken'), null);
  assert.deepEqual(stringList(null), []);
  assert.deepEqual(stringList('["x", 3, null, {"a":1}]'), ['x', '3']);
  assert.deepEqual(
    [flag(1), flag('1'), flag(0), flag(null), flag(null, true), flag('true')],
    [true, true, false, false, true, true],
  );
});

test("passwords: Qinglong's plain text is hashed later; its scrypt hash is carried and Baihu verifies it", async () => {
  assert.deepEqual(plannedPassword('plain text'), { kind: 'plain', value: 'plain text' });
  const salt = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const key = scryptSync('Old-Pa55word', salt, 64).toString('hex');
  const carried = plannedPassword(`scrypt$${salt}$${key}`);
  assert.equal(carried?.kind, 'hash');
  assert.equal(await verifyPassword('Old-Pa55word', carried!.value), true);
  assert.equal(await verifyPassword('wrong', carried!.value), false);
  assert.equal(plannedPassword('$2b$10$abcdefghijklmnopqrstuv'), null);
});

test('account: default, reserved and unreadable passwords are refused; short passwords and bad 2FA keys noted', () => {
  const plan = (info: unknown) => {
    const report = new ImportReport();
    const account = planAccount({ keyvAuthInfo: info, authsAuthConfig: undefined, authJson: undefined }, report);
    return {
      account,
      skipped: report.skipped.map((s) => s.reason.key),
      notices: report.notices.map((n) => n.reason.key),
    };
  };
  assert.deepEqual(plan({ username: 'admin', password: 'admin' }).skipped, ['importAccountDefault']);
  assert.deepEqual(plan(undefined).skipped, ['importAccountMissing']);
  assert.deepEqual(plan({ username: 'me', password: 'admin' }).skipped, ['passwordAdmin']);
  assert.deepEqual(plan({ username: 'me', password: 'scrypt$short' }).skipped, ['importAccountHashUnknown']);
  assert.deepEqual(plan({ username: 'x'.repeat(51), password: 'long-enough' }).skipped, ['tooLong']);
  const short = plan({ username: 'me', password: '123' });
  assert.equal(short.account?.password.value, '123');
  assert.deepEqual(short.notices, ['importPasswordShort']);
  const badKey = plan({
    username: 'me',
    password: 'secret-1',
    twoFactorActivated: true,
    twoFactorSecret: 'not base32!',
  });
  assert.equal(badKey.account?.twoFactor, null);
  assert.deepEqual(badKey.notices, ['importTwoFactorDropped']);
  // A secret made during a setup that was never confirmed is not carried.
  assert.equal(
    plan({ username: 'me', password: 'secret-1', twoFactorSecret: 'JBSWY3DPEHPK3PXP' }).account?.twoFactor,
    null,
  );
});

test("notify libraries by content: a listed release is stock whatever it holds, any other content the user's", () => {
  const baihuJs = readFileSync(
    new URL('../../daemon/src/notifications/scripts/sendNotify.js', import.meta.url),
    'utf8',
  );
  const baihuPy = readFileSync(new URL('../../daemon/src/notifications/scripts/notify.py', import.meta.url), 'utf8');
  const none = parseStockHashes('');
  // The release list is data: here it lists the fixture's notify.py (and nothing else).
  const listed = parseStockHashes(
    `tag\tsendNotify.js sha256\tnotify.py sha256\nv9.9.9\t-\t${sha256Of(stockNotifyPy)}\n`,
  );
  assert.equal(classifyNotifyLibrary('sendNotify.js', baihuJs, none).state, 'baihu');
  assert.equal(classifyNotifyLibrary('notify.py', baihuPy, none).state, 'baihu');
  // Listed: stock, though it ships a default (SMTP_SERVER) a guess by shape took for the user's setting.
  assert.deepEqual(classifyNotifyLibrary('notify.py', Buffer.from(stockNotifyPy), listed), {
    file: 'notify.py',
    state: 'stock',
    evidence: [],
    baihuName: 'baihu_notify.py',
  });
  // The same bytes under the other name, or one byte changed, are not that release.
  assert.equal(classifyNotifyLibrary('sendNotify.js', stockNotifyPy, listed).state, 'foreign');
  assert.equal(classifyNotifyLibrary('notify.py', `${stockNotifyPy} `, listed).state, 'edited');
  assert.equal(classifyNotifyLibrary('notify.py', stockNotifyPy, none).state, 'edited');
  // The user's own sendNotify.js, in Qinglong's shape with nothing filled in: theirs, not stock.
  assert.deepEqual(classifyNotifyLibrary('sendNotify.js', ownSendNotify, listed), {
    file: 'sendNotify.js',
    state: 'edited',
    evidence: [],
    baihuName: 'baihuNotify.js',
  });
  // Edited: the evidence names the settings written in (never their values).
  assert.deepEqual(classifyNotifyLibrary('sendNotify.js', editedSendNotify, listed).evidence, ['PUSH_KEY']);
  const filledPy = stockNotifyPy.replace("'BARK_PUSH': '',", "'BARK_PUSH': 'https://api.day.app/MYKEY',");
  const filled = classifyNotifyLibrary('notify.py', filledPy, listed);
  assert.equal(filled.state, 'edited');
  assert.ok(filled.evidence.includes('BARK_PUSH'), filled.evidence.join());
  assert.equal(
    classifyNotifyLibrary('sendNotify.js', "module.exports = { send: () => console.log('mine') };\n", listed).state,
    'foreign',
  );
  assert.equal(classifyNotifyLibrary('notify.py', 'def send(t, c):\n    print(t)\n', listed).state, 'foreign');
  assert.equal(classifyNotifyLibrary('notify.py', null, listed).state, 'absent');
  // The library's own code (templates, shipped defaults) is not a setting.
  assert.deepEqual(
    filledSettings(
      "BARK_PUSH = `https://api.day.app/${process.env.BARK_PUSH}`;\nlet TG_API_HOST = 'api.telegram.org';\n",
    ),
    [],
  );
});

test("the shipped list of Qinglong's releases loads, with both hashes of every tag", async () => {
  const text = readFileSync(stockListFile, 'utf8');
  const rows = text
    .split('\n')
    .filter((line) => /^v\d/.test(line))
    .map((line) => line.split('\t'));
  assert.ok(rows.length >= 90, `${rows.length} tags`);
  assert.ok(
    rows.every((row) => row.length === 3 && /^[a-f0-9]{64}$/.test(row[1]!) && /^[a-f0-9]{64}$/.test(row[2]!)),
    'each tag has a sendNotify.js and a notify.py sha256',
  );
  const shipped = await loadStockHashes();
  for (const [, js, py] of rows) {
    assert.ok(shipped['sendNotify.js'].has(js!) && shipped['notify.py'].has(py!));
  }
  assert.deepEqual(
    parseStockHashes(text).tags,
    rows.map((row) => row[0]),
  );
  // Qinglong 2.21's, by name: the release users move from.
  const v221 = rows.find((row) => row[0] === 'v2.21.0')!;
  assert.equal(v221[2], 'aa3734091e7c6bf741cd993c9e04bd80effe7881d81d3360d6ef9e28d41120c8');
  assert.ok(shipped['notify.py'].has(v221[2]!));
});

test('idempotence keys: what a second import compares', () => {
  assert.equal(
    taskKey({ name: ' a ', command: 'task x.js', schedule: '0  1 * * *' }),
    taskKey({ name: 'a', command: 'task x.js ', schedule: '0 1 * * *' }),
  );
  assert.notEqual(
    taskKey({ name: 'a', command: 'task x.js', schedule: '0 1 * * *' }),
    taskKey({ name: 'a', command: 'task x.js', schedule: '0 2 * * *' }),
  );
  assert.notEqual(
    variableKey({ name: 'A', value: 'v ' }),
    variableKey({ name: 'A', value: 'v' }),
    'values are compared exactly',
  );
  assert.equal(variableKey({ name: 'A ', value: 'v' }), variableKey({ name: 'A', value: 'v' }));
  assert.equal(subscriptionKey({ alias: 'owner_repo ' }), 'owner_repo');
  assert.equal(dependencyKey({ name: 'Requests==2.0', type: 1 }), dependencyKey({ name: 'requests==2.0', type: 1 }));
  assert.notEqual(dependencyKey({ name: 'axios', type: 0 }), dependencyKey({ name: 'Axios', type: 0 }));
  assert.notEqual(dependencyKey({ name: 'sl', type: 2 }), dependencyKey({ name: 'sl', type: 0 }));
  const { fresh, present } = newItems(['a', 'b', 'b', 'c'], ['c'], (x) => x);
  assert.deepEqual(
    [fresh, present],
    [
      ['a', 'b'],
      ['b', 'c'],
    ],
  );
});

test("notification: Qinglong's settings carry over; channels Baihu lacks and incomplete settings are reported", () => {
  const run = (info: unknown) => {
    const report = new ImportReport();
    return {
      settings: planNotification(info, report),
      skipped: report.skipped.map((s) => [s.item, s.reason.key, s.reason.params]),
    };
  };
  assert.deepEqual(
    run({ type: 'gotify', gotifyUrl: 'https://g.example', gotifyToken: 't', gotifyPriority: 5 }).settings,
    {
      type: 'gotify',
      gotifyUrl: 'https://g.example',
      gotifyToken: 't',
      gotifyPriority: '5',
    },
  );
  assert.deepEqual(run({ type: 'chat', chatUrl: 'https://nas/webapi/entry.cgi?token=', chatToken: 'abc' }).settings, {
    type: 'chat',
    synologyChatUrl: 'https://nas/webapi/entry.cgi?token=abc',
  });
  assert.equal(
    run({ type: 'telegramBot', telegramBotToken: 't', telegramBotUserId: '1', telegramBotApiHost: 'api.telegram.org' })
      .settings?.telegramBotApiHost,
    'https://api.telegram.org',
  );
  // Every channel of Qinglong's list exists in Baihu (2.21's wxPusher SPT and openiLink included): none is dropped.
  assert.deepEqual(run({ type: 'wxPusherSpt', wxPusherSptList: 'SPT_x' }).settings, {
    type: 'wxPusherSpt',
    wxPusherSptList: 'SPT_x',
  });
  assert.deepEqual(run({ type: 'openiLink', openiLinkAppToken: 'x', openiLinkHubUrl: '' }).settings?.type, 'openiLink');
  assert.deepEqual(run({ type: 'wpush', wpushApiKey: 'x' }).skipped, [
    ['wpush', 'importChannelMissing', { channel: 'wpush' }],
  ]);
  assert.deepEqual(run({ type: 'telegramBot', telegramBotToken: 'x' }).skipped, [
    ['telegramBot', 'importChannelInvalid', { channel: 'telegramBot', fields: 'telegramBotUserId' }],
  ]);
  assert.deepEqual(run({ type: 'closed' }), { settings: null, skipped: [] });
  assert.deepEqual(run(null), { settings: null, skipped: [] });
});

test('reasons read in both languages, a left-out field with the rule behind it', () => {
  const reason = { key: 'importFieldDropped' as const, field: 'log_name', cause: { key: 'logNameInvalid' as const } };
  assert.equal(
    formatImportReason(reason, 'en'),
    'log name is left out: The log name must be /dev/null or a folder name inside the log directory',
  );
  assert.equal(formatImportReason(reason, 'zh'), '日志名称未导入：日志名称必须是 /dev/null 或日志目录内的文件夹名');
  assert.equal(
    formatImportReason({ key: 'importChannelMissing', params: { channel: 'openiLink' } }, 'zh'),
    '白虎暂不支持“openiLink”通知方式，请在设置中选择其他方式',
  );
});
