/**
 * Every notification provider against a real local HTTP server on 127.0.0.1 that records what it receives: method,
 * path, key headers and body match each service's documented API. Also: the services' own error messages, the
 * timeout with one retry, the Telegram proxy, and email through a real local SMTP server (smtp-server).
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { normaliseNotificationSettings, NotifyChannelIds } from '../../daemon/src/contract/notifications.ts';
import { NotifyFailure } from '../../daemon/src/notifications/failure.ts';
import { createHttpClient } from '../../daemon/src/notifications/http.ts';
import {
  defaultHosts,
  type ChannelSettings,
  type NotifyHosts,
  type ProviderContext,
} from '../../daemon/src/notifications/provider.ts';
import { TargetGuard } from '../../daemon/src/notifications/local-targets.ts';
import { providers } from '../../daemon/src/notifications/providers/index.ts';
import { startRecorder, type Recorded, type Reply } from '../helpers/recorder.ts';

const now = 1_767_225_600_123;
const message = { title: 'Backup "nightly" failed', content: 'line one\nline two & more' };

function hostsAt(base: string): NotifyHosts {
  const hosts = { ...defaultHosts };
  for (const key of Object.keys(hosts) as (keyof NotifyHosts)[]) hosts[key] = base;
  return hosts;
}

function context(base: string, timeoutMs = 3000, retries = 1): ProviderContext {
  const guard = new TargetGuard();
  return {
    http: createHttpClient({ timeoutMs, retries, guard }),
    hosts: hostsAt(base),
    guard,
    now: () => now,
    timeoutMs,
  };
}

const form = (r: Recorded) => Object.fromEntries(new URLSearchParams(r.body));
const json = (r: Recorded) => JSON.parse(r.body) as Record<string, unknown>;
const path = (r: Recorded) => r.url.split('?')[0];
const query = (r: Recorded) => Object.fromEntries(new URL(r.url, 'http://x').searchParams);
const dingSign = (secret: string, ts: number) =>
  createHmac('sha256', secret).update(`${ts}\n${secret}`).digest('base64');
const larkSign = (secret: string, ts: number) =>
  createHmac('sha256', `${ts}\n${secret}`).update(Buffer.alloc(0)).digest('base64');

interface Case {
  settings: (base: string) => ChannelSettings;
  reply: (r: Recorded) => Reply;
  requests?: number;
  check: (requests: Recorded[], base: string) => void;
}

const cases: Record<string, Case> = {
  gotify: {
    settings: (base) => ({ gotifyUrl: `${base}/`, gotifyToken: 'tok en', gotifyPriority: '5' }),
    reply: () => ({ body: { id: 7 } }),
    check: ([r]) => {
      assert.equal(r!.method, 'POST');
      assert.equal(r!.url, '/message?token=tok%20en');
      assert.match(String(r!.headers['content-type']), /^application\/x-www-form-urlencoded/);
      assert.deepEqual(form(r!), { title: message.title, message: message.content, priority: '5' });
    },
  },
  ntfy: {
    settings: (base) => ({ ntfyUrl: base, ntfyTopic: 'alerts', ntfyPriority: '4', ntfyToken: 'tk_1' }),
    reply: () => ({ body: { id: 'abc' } }),
    check: ([r]) => {
      assert.equal(r!.method, 'POST');
      assert.equal(r!.url, '/alerts');
      assert.equal(r!.headers.title, `=?UTF-8?B?${Buffer.from(message.title).toString('base64')}?=`);
      assert.equal(r!.headers.priority, '4');
      assert.equal(r!.headers.authorization, 'Bearer tk_1');
      assert.equal(r!.body, message.content);
    },
  },
  goCqHttpBot: {
    settings: (base) => ({
      goCqHttpBotUrl: `${base}/send_private_msg`,
      goCqHttpBotToken: 'cq',
      goCqHttpBotQq: 'user_id=123',
    }),
    reply: () => ({ body: { retcode: 0, status: 'ok' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/send_private_msg?user_id=123');
      assert.equal(r!.headers.authorization, 'Bearer cq');
      assert.deepEqual(json(r!), { message: `${message.title}\n${message.content}` });
    },
  },
  serverChan: {
    settings: () => ({ serverChanKey: 'SCT123abc' }),
    reply: () => ({ body: { code: 0, message: '', data: { errno: 0 } } }),
    check: ([r]) => {
      assert.equal(r!.method, 'POST');
      assert.equal(r!.url, '/SCT123abc.send');
      assert.deepEqual(form(r!), { title: message.title, desp: 'line one\n\nline two & more' });
    },
  },
  pushDeer: {
    settings: () => ({ pushDeerKey: 'PDU1' }),
    reply: () => ({ body: { code: 0, content: { result: ['{"counts":1}'] } } }),
    check: ([r]) => {
      assert.equal(r!.url, '/message/push');
      assert.deepEqual(form(r!), { pushkey: 'PDU1', text: message.title, desp: message.content, type: 'markdown' });
    },
  },
  bark: {
    settings: () => normaliseNotificationSettings({ type: 'bark', barkPush: 'devkey', barkSound: 'bell' }),
    reply: () => ({ body: { code: 200, message: 'success' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/devkey');
      assert.match(String(r!.headers['content-type']), /^application\/json/);
      assert.deepEqual(json(r!), { title: message.title, body: message.content, sound: 'bell', group: 'qinglong' });
    },
  },
  telegramBot: {
    settings: (base) => ({ telegramBotToken: '123:ABC', telegramBotUserId: '42', telegramBotApiHost: base }),
    reply: () => ({ body: { ok: true, result: {} } }),
    check: ([r]) => {
      assert.equal(r!.url, '/bot123:ABC/sendMessage');
      assert.deepEqual(json(r!), {
        chat_id: '42',
        text: `${message.title}\n\n${message.content}`,
        disable_web_page_preview: true,
      });
    },
  },
  dingtalkBot: {
    settings: () => ({ dingtalkBotToken: 'dt', dingtalkBotSecret: 'SECabc' }),
    reply: () => ({ body: { errcode: 0, errmsg: 'ok' } }),
    check: ([r]) => {
      assert.equal(path(r!), '/robot/send');
      const q = query(r!);
      assert.equal(q.access_token, 'dt');
      assert.equal(q.timestamp, String(now));
      assert.equal(q.sign, dingSign('SECabc', now), 'sign = base64(HMAC-SHA256(secret, "ts\\nsecret"))');
      assert.ok(r!.url.includes(`sign=${encodeURIComponent(dingSign('SECabc', now))}`), 'sign is URL-encoded');
      assert.deepEqual(json(r!), { msgtype: 'text', text: { content: `${message.title}\n\n${message.content}` } });
    },
  },
  weWorkBot: {
    settings: (base) => ({ weWorkBotKey: 'wk', weWorkOrigin: base }),
    reply: () => ({ body: { errcode: 0, errmsg: 'ok' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/cgi-bin/webhook/send?key=wk');
      assert.deepEqual(json(r!), { msgtype: 'text', text: { content: `${message.title}\n\n${message.content}` } });
    },
  },
  weWorkApp: {
    settings: (base) => ({ weWorkAppKey: 'corp,sec,@all,1000002', weWorkOrigin: base }),
    reply: (r) => ({ body: r.method === 'GET' ? { errcode: 0, access_token: 'AT' } : { errcode: 0, errmsg: 'ok' } }),
    requests: 2,
    check: ([token, send]) => {
      assert.equal(token!.method, 'GET');
      assert.equal(token!.url, '/cgi-bin/gettoken?corpid=corp&corpsecret=sec');
      assert.equal(send!.url, '/cgi-bin/message/send?access_token=AT');
      assert.deepEqual(json(send!), {
        touser: '@all',
        agentid: '1000002',
        safe: '0',
        msgtype: 'text',
        text: { content: `${message.title}\n\n${message.content}` },
      });
    },
  },
  aibotk: {
    settings: () => ({ aibotkKey: 'ak', aibotkType: 'room', aibotkName: 'family' }),
    reply: () => ({ body: { code: 0 } }),
    check: ([r]) => {
      assert.equal(r!.url, '/openapi/v1/chat/room');
      assert.deepEqual(json(r!), {
        apiKey: 'ak',
        roomName: 'family',
        message: { type: 1, content: `${message.title}\n${message.content}` },
      });
    },
  },
  iGot: {
    settings: () => ({ iGotPushKey: 'ABCdef' }),
    reply: () => ({ body: { ret: 0 } }),
    check: ([r]) => {
      assert.equal(r!.url, '/abcdef');
      assert.deepEqual(form(r!), { title: message.title, content: message.content });
    },
  },
  pushPlus: {
    settings: () => ({ pushPlusToken: 'pp' }),
    reply: () => ({ body: { code: 200, msg: '请求成功' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/send');
      const body = json(r!);
      assert.equal(body.token, 'pp');
      assert.equal(body.content, 'line one<br>line two & more');
      assert.equal(body.template, 'html');
      assert.equal(body.channel, 'wechat');
    },
  },
  wePlusBot: {
    settings: () => ({ wePlusBotToken: 'wp', wePlusBotReceiver: 'me' }),
    reply: () => ({ body: { code: 200 } }),
    check: ([r]) => {
      assert.equal(r!.url, '/send');
      assert.deepEqual(json(r!), {
        token: 'wp',
        title: message.title,
        template: 'txt',
        content: message.content,
        receiver: 'me',
        version: 'pro',
      });
    },
  },
  wxPusherBot: {
    settings: () => ({ wxPusherBotAppToken: 'AT_x', wxPusherBotTopicIds: '1; 2', wxPusherBotUids: 'UID_a' }),
    reply: () => ({ body: { code: 1000, msg: '处理成功' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/api/send/message');
      const body = json(r!);
      assert.equal(body.appToken, 'AT_x');
      assert.deepEqual(body.topicIds, [1, 2]);
      assert.deepEqual(body.uids, ['UID_a']);
      assert.equal(body.summary, message.title);
      assert.equal(body.contentType, 2);
    },
  },
  wxPusherSpt: {
    settings: () => ({ wxPusherSptList: 'SPT_a; SPT_b' }),
    reply: () => ({ body: { code: 1000, msg: '处理成功' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/api/send/message/simple-push');
      const body = json(r!);
      assert.deepEqual(body.sptList, ['SPT_a', 'SPT_b']);
      assert.equal(body.summary, message.title);
      assert.equal(body.contentType, 2);
    },
  },
  openiLink: {
    settings: (base) => ({ openiLinkAppToken: 'app_tok', openiLinkHubUrl: `${base}/`, openiLinkContextToken: 'ctx' }),
    reply: () => ({ body: { ok: true } }),
    check: ([r]) => {
      assert.equal(r!.url, '/bot/v1/message/send');
      assert.equal(r!.headers.authorization, 'Bearer app_tok');
      const body = json(r!);
      assert.equal(body.context_token, 'ctx');
      assert.match(String(body.content), new RegExp(message.title));
    },
  },
  chat: {
    settings: (base) => ({
      synologyChatUrl: `${base}/webapi/entry.cgi?api=SYNO.Chat.External&method=incoming&version=2&token=abc`,
    }),
    reply: () => ({ body: { success: true } }),
    check: ([r]) => {
      assert.equal(path(r!), '/webapi/entry.cgi');
      assert.equal(query(r!).token, 'abc');
      assert.deepEqual(JSON.parse(form(r!).payload!), { text: `${message.title}\n${message.content}` });
    },
  },
  lark: {
    settings: () => ({ larkKey: 'hook-id', larkSecret: 'ls' }),
    reply: () => ({ body: { code: 0, msg: 'success' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/open-apis/bot/v2/hook/hook-id');
      const seconds = Math.floor(now / 1000);
      assert.deepEqual(json(r!), {
        timestamp: String(seconds),
        sign: larkSign('ls', seconds),
        msg_type: 'text',
        content: { text: `${message.title}\n\n${message.content}` },
      });
    },
  },
  pushMe: {
    settings: (base) => ({ pushMeKey: 'pm', pushMeUrl: `${base}/` }),
    reply: () => ({ body: 'success' }),
    check: ([r]) => {
      assert.equal(r!.url, '/');
      assert.deepEqual(json(r!), { push_key: 'pm', title: message.title, content: message.content });
    },
  },
  chronocat: {
    settings: (base) => ({ chronocatURL: base, chronocatQQ: 'user_id=111;group_id=222', chronocatToken: 'cc' }),
    reply: () => ({ body: {} }),
    requests: 2,
    check: ([user, group]) => {
      for (const r of [user!, group!]) {
        assert.equal(r.url, '/api/message/send');
        assert.equal(r.headers.authorization, 'Bearer cc');
      }
      assert.deepEqual(json(user!).peer, { chatType: 1, peerUin: '111' });
      assert.deepEqual(json(group!).peer, { chatType: 2, peerUin: '222' });
      assert.deepEqual(json(user!).elements, [
        { elementType: 1, textElement: { content: `${message.title}\n\n${message.content}` } },
      ]);
    },
  },
  webhook: {
    settings: (base) => ({
      webhookUrl: `${base}/hook?t=$title`,
      webhookMethod: 'POST',
      webhookContentType: 'application/json',
      webhookHeaders: 'Authorization: Bearer wh\nX-Custom: yes',
      webhookBody: 'title: $title\ncontent: $content\ncount: 3',
    }),
    reply: () => ({ body: 'ok' }),
    check: ([r]) => {
      assert.equal(r!.method, 'POST');
      assert.equal(r!.url, `/hook?t=${encodeURIComponent(message.title)}`);
      assert.equal(r!.headers.authorization, 'Bearer wh');
      assert.equal(r!.headers['x-custom'], 'yes');
      assert.match(String(r!.headers['content-type']), /^application\/json/);
      assert.deepEqual(json(r!), { title: message.title, content: message.content, count: 3 });
    },
  },
  discord: {
    settings: (base) => ({ discordWebhook: `${base}/api/webhooks/1/abc`, discordUsername: 'Baihu' }),
    reply: () => ({ status: 204, body: '' }),
    check: ([r]) => {
      assert.equal(r!.url, '/api/webhooks/1/abc');
      assert.deepEqual(json(r!), { content: `**${message.title}**\n${message.content}`, username: 'Baihu' });
    },
  },
  slack: {
    settings: (base) => ({ slackWebhook: `${base}/services/T0/B0/XX` }),
    reply: () => ({ body: 'ok' }),
    check: ([r]) => {
      assert.equal(r!.url, '/services/T0/B0/XX');
      assert.deepEqual(json(r!), { text: `*${message.title}*\n${message.content}` });
    },
  },
  pushover: {
    settings: () => ({ pushoverToken: 'apptok', pushoverUser: 'userkey', pushoverPriority: '1' }),
    reply: () => ({ body: { status: 1, request: 'r1' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/1/messages.json');
      assert.deepEqual(form(r!), {
        token: 'apptok',
        user: 'userkey',
        title: message.title,
        message: message.content,
        priority: '1',
      });
    },
  },
  matrix: {
    settings: (base) => ({ matrixHomeserver: base, matrixAccessToken: 'mx', matrixRoomId: '!room:example.org' }),
    reply: () => ({ body: { event_id: '$e' } }),
    check: ([r]) => {
      assert.equal(r!.method, 'PUT');
      assert.match(
        r!.url,
        /^\/_matrix\/client\/v3\/rooms\/!room%3Aexample\.org\/send\/m\.room\.message\/baihu-[0-9a-f-]+$/,
      );
      assert.equal(r!.headers.authorization, 'Bearer mx');
      assert.deepEqual(json(r!), { msgtype: 'm.text', body: `${message.title}\n\n${message.content}` });
    },
  },
  teams: {
    settings: (base) => ({ teamsWebhook: `${base}/workflows/abc/triggers/manual/paths/invoke?sig=s` }),
    reply: () => ({ status: 202, body: '' }),
    check: ([r]) => {
      assert.equal(path(r!), '/workflows/abc/triggers/manual/paths/invoke');
      const body = json(r!) as {
        type: string;
        attachments: { contentType: string; content: { body: { text: string }[] } }[];
      };
      assert.equal(body.type, 'message');
      assert.equal(body.attachments[0]!.contentType, 'application/vnd.microsoft.card.adaptive');
      assert.deepEqual(
        body.attachments[0]!.content.body.map((b) => b.text),
        [message.title, message.content],
      );
    },
  },
  googleChat: {
    settings: (base) => ({ googleChatWebhook: `${base}/v1/spaces/AAA/messages?key=k&token=t` }),
    reply: () => ({ body: { name: 'spaces/AAA/messages/1' } }),
    check: ([r]) => {
      assert.equal(r!.url, '/v1/spaces/AAA/messages?key=k&token=t');
      assert.deepEqual(json(r!), { text: `*${message.title}*\n${message.content}` });
    },
  },
};

test('every channel of the contract has a provider, and every provider is tested here or by email', () => {
  const sending = NotifyChannelIds.filter((id) => id !== 'closed');
  assert.deepEqual(Object.keys(providers).sort(), [...sending].sort());
  assert.deepEqual(Object.keys(cases).sort(), sending.filter((id) => id !== 'email').sort());
});

for (const [id, c] of Object.entries(cases)) {
  test(`${id} sends the request its API documents`, async (t) => {
    const server = await startRecorder(t, (r) => c.reply(r));
    await providers[id as keyof typeof providers].send(message, c.settings(server.url), context(server.url));
    assert.equal(server.requests.length, c.requests ?? 1);
    c.check(server.requests, server.url);
  });
}

async function failureOf(promise: Promise<unknown>): Promise<NotifyFailure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof NotifyFailure, `expected NotifyFailure, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the send to fail');
}

test("an error reply surfaces the service's own message", async (t) => {
  const server = await startRecorder(t);
  const ctx = context(server.url, 3000, 0);
  const expectations: [keyof typeof providers, ChannelSettings, Reply, string][] = [
    [
      'telegramBot',
      { telegramBotToken: 'x', telegramBotUserId: '1', telegramBotApiHost: server.url },
      { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } },
      'Bad Request: chat not found',
    ],
    [
      'dingtalkBot',
      { dingtalkBotToken: 'dt', dingtalkBotSecret: 'SEC' },
      { body: { errcode: 310000, errmsg: 'sign not match' } },
      'sign not match',
    ],
    [
      'bark',
      { barkPush: 'bad' },
      { status: 400, body: { code: 400, message: 'failed to get device token' } },
      'failed to get device token',
    ],
    [
      'lark',
      { larkKey: 'k' },
      { body: { code: 19021, msg: 'sign match fail or timestamp is not within one hour' } },
      'sign match fail or timestamp is not within one hour',
    ],
    [
      'pushover',
      { pushoverToken: 't', pushoverUser: 'u' },
      { status: 400, body: { status: 0, errors: ['user identifier is invalid'] } },
      'user identifier is invalid',
    ],
    ['slack', { slackWebhook: `${server.url}/s` }, { status: 400, body: 'invalid_payload' }, 'invalid_payload'],
    [
      'gotify',
      { gotifyUrl: server.url, gotifyToken: 'x' },
      {
        status: 401,
        body: { error: 'Unauthorized', errorCode: 401, errorDescription: 'you need to provide a valid access token' },
      },
      'you need to provide a valid access token',
    ],
  ];
  for (const [id, settings, reply, expected] of expectations) {
    server.answer(() => reply);
    const failure = await failureOf(providers[id].send(message, settings, ctx));
    assert.equal(failure.detail, expected, id);
    assert.equal(failure.key, 'notifyFailed');
  }
});

test('a stalled request times out and is retried once', async (t) => {
  const server = await startRecorder(t, (_r, index) =>
    index === 0 ? { delayMs: 2000, body: { ok: true } } : { body: { ok: true } },
  );
  const ctx = context(server.url, 300, 1);
  const settings = { telegramBotToken: 'x', telegramBotUserId: '1', telegramBotApiHost: server.url };
  const started = Date.now();
  await providers.telegramBot.send(message, settings, ctx);
  assert.equal(server.requests.length, 2, 'the first attempt timed out, the retry went through');
  assert.ok(Date.now() - started < 1500);

  // A dead channel fails after exactly two attempts, within twice the timeout.
  server.answer(() => ({ delayMs: 2000, body: { ok: true } }));
  const before = server.requests.length;
  const failedAt = Date.now();
  const failure = await failureOf(providers.telegramBot.send(message, settings, ctx));
  assert.match(failure.detail, /timed out after 300 ms/);
  assert.equal(server.requests.length - before, 2);
  assert.ok(Date.now() - failedAt < 1500);
});

test('a 5xx answer is retried once; the second answer counts', async (t) => {
  const server = await startRecorder(t, (_r, index) =>
    index === 0 ? { status: 502, body: 'bad gateway' } : { body: { errcode: 0 } },
  );
  await providers.weWorkBot.send(message, { weWorkBotKey: 'k', weWorkOrigin: server.url }, context(server.url));
  assert.equal(server.requests.length, 2);
});

test('Telegram goes through the configured HTTP proxy with its credentials', async (t) => {
  const seen: { url: string; auth: string | undefined }[] = [];
  const proxy = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers['proxy-authorization'] });
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  const proxyPort = (proxy.address() as AddressInfo).port;
  const settings = {
    telegramBotToken: '1:T',
    telegramBotUserId: '9',
    telegramBotApiHost: 'http://api.telegram.invalid',
    telegramBotProxyHost: '127.0.0.1',
    telegramBotProxyPort: String(proxyPort),
    telegramBotProxyAuth: 'user:pass',
  };
  await providers.telegramBot.send(message, settings, context('http://127.0.0.1:9'));
  assert.equal(seen.length, 1);
  assert.equal(seen[0]!.url, 'http://api.telegram.invalid/bot1:T/sendMessage');
  assert.equal(seen[0]!.auth, `Basic ${Buffer.from('user:pass').toString('base64')}`);
});

test('webhook content types: form, multipart, text and GET; $title is required', async (t) => {
  const server = await startRecorder(t, () => ({ body: 'ok' }));
  const ctx = context(server.url);
  const base = { webhookUrl: `${server.url}/w`, webhookMethod: 'POST', webhookBody: 'title: $title\ntext: $content' };

  await providers.webhook.send(message, { ...base, webhookContentType: 'application/x-www-form-urlencoded' }, ctx);
  assert.deepEqual(form(server.requests[0]!), { title: message.title, text: message.content });

  await providers.webhook.send(message, { ...base, webhookContentType: 'multipart/form-data' }, ctx);
  const multipart = server.requests[1]!;
  assert.match(String(multipart.headers['content-type']), /^multipart\/form-data; boundary=/);
  const parsed = await new Response(multipart.body, {
    headers: { 'content-type': String(multipart.headers['content-type']) },
  }).formData();
  assert.equal(parsed.get('title'), message.title);
  assert.equal(parsed.get('text'), message.content);

  await providers.webhook.send(
    message,
    { ...base, webhookContentType: 'text/plain', webhookBody: '[$title] $content' },
    ctx,
  );
  assert.equal(server.requests[2]!.body, `[${message.title}] ${message.content}`);

  await providers.webhook.send(
    message,
    { webhookUrl: `${server.url}/g?title=$title&c=$content`, webhookMethod: 'GET' },
    ctx,
  );
  const get = server.requests[3]!;
  assert.equal(get.method, 'GET');
  assert.deepEqual(query(get), { title: message.title, c: message.content });

  // A whole JSON document as the body: values are substituted and JSON-escaped, never evaluated.
  await providers.webhook.send(
    { title: 'a"b\\c', content: '${process.exit()} {{7*7}}' },
    { ...base, webhookContentType: 'application/json', webhookBody: '{"msg": {"t": "$title", "c": "$content"}}' },
    ctx,
  );
  assert.deepEqual(json(server.requests[4]!), { msg: { t: 'a"b\\c', c: '${process.exit()} {{7*7}}' } });

  const failure = await failureOf(
    providers.webhook.send(message, { webhookUrl: `${server.url}/w`, webhookBody: 'text: $content' }, ctx),
  );
  assert.equal(failure.detail, 'The URL or the body must contain $title');
  assert.equal(server.requests.length, 5, 'nothing was sent');
});

async function startSmtp(t: TestContext) {
  const mails: { from: string; to: string[]; data: string; user: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'me@example.com' && auth.password === 'app-code') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          user: String(session.user),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, mails };
}

test('email goes through SMTP with login, recipients, subject and body', async (t) => {
  const smtp = await startSmtp(t);
  const settings = {
    emailService: `127.0.0.1:${smtp.port}`,
    emailUser: 'me@example.com',
    emailPass: 'app-code',
    emailTo: 'a@example.com; b@example.com',
  };
  await providers.email.send(
    { title: 'Nightly backup', content: 'line one\nline two' },
    settings,
    context('http://127.0.0.1:9'),
  );
  assert.equal(smtp.mails.length, 1);
  const mail = smtp.mails[0]!;
  assert.equal(mail.user, 'me@example.com');
  assert.equal(mail.from, 'me@example.com');
  assert.deepEqual(mail.to, ['a@example.com', 'b@example.com']);
  assert.match(mail.data, /^Subject: Nightly backup$/m);
  assert.match(mail.data, /line one\r?\nline two/);

  // No recipients: the sender gets it. A refused login surfaces the server's words.
  await providers.email.send(message, { ...settings, emailTo: '' }, context('http://127.0.0.1:9'));
  assert.deepEqual(smtp.mails[1]!.to, ['me@example.com']);
  const failure = await failureOf(
    providers.email.send(message, { ...settings, emailPass: 'wrong' }, context('http://127.0.0.1:9')),
  );
  assert.match(failure.detail, /Invalid username or password/);
});
