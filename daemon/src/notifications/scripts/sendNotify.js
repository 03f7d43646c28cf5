// baihu-notify-version: 2
/*
 * sendNotify.js for scripts run by Baihu, with Qinglong's call signature:
 *
 *   const { sendNotify } = require('./sendNotify');
 *   await sendNotify(title, content, params);
 *
 * Delivery is done by the Baihu daemon, which implements every channel once: this file forwards the title, the
 * content and Qinglong's notification variables that are set (PUSH_KEY, BARK_*, TG_*, WEBHOOK_* …) to the daemon's
 * local endpoint, authorised by the token Baihu gives each run. With no such variables the panel's channel is used.
 * Outside Baihu (no BAIHU_NOTIFY_URL) the message is printed instead. Never throws.
 *
 * Baihu installs this file at start-up and replaces it when a newer version ships; local edits are not kept.
 * Zero dependencies, Node >= 16.
 */
'use strict';

const http = require('node:http');
const https = require('node:https');

const NAMES = ['PUSH_KEY', 'IGOT_PUSH_KEY', 'FSKEY', 'FSSECRET', 'HITOKOTO', 'SKIP_PUSH_TITLE'];
const PREFIXES = [
  'BARK_',
  'TG_',
  'DD_BOT_',
  'QYWX_',
  'PUSH_PLUS_',
  'WE_PLUS_BOT_',
  'GOBOT_',
  'GOTIFY_',
  'DEER_',
  'CHAT_',
  'AIBOTK_',
  'SMTP_',
  'PUSHME_',
  'CHRONOCAT_',
  'NTFY_',
  'WXPUSHER_',
  'WEBHOOK_',
  'DISCORD_',
  'SLACK_',
  'PUSHOVER_',
  'MATRIX_',
  'TEAMS_',
  'GOOGLE_CHAT_',
  'OPENILINK_',
];

function collectEnv() {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!value) continue;
    if (NAMES.includes(name) || PREFIXES.some((p) => name.startsWith(p))) env[name] = value;
  }
  return env;
}

function post(url, token, payload) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const body = Buffer.from(JSON.stringify(payload));
    const transport = target.protocol === 'https:' ? https : http;
    const req = transport.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          authorization: `Bearer ${token}`,
        },
        timeout: 120000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve(JSON.parse(text));
          } catch {
            resolve({ code: res.statusCode, message: text });
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * @param {string} text title
 * @param {string} desp content
 * @param {object} params extras some channels understand, e.g. Bark's { url: 'https://…' }
 */
async function sendNotify(text, desp = '', params = {}) {
  const title = String(text ?? '');
  const content = String(desp ?? '');
  const base = process.env.BAIHU_NOTIFY_URL;
  const token = process.env.BAIHU_NOTIFY_TOKEN;
  if (!base || !token) {
    console.log(`${title}\n\n${content}`);
    console.log('\n(Not run by Baihu: the notification above was printed, not sent.)');
    return;
  }
  const url = `${base.replace(/\/?$/, '/')}api/notify/script`;
  try {
    const reply = await post(url, token, { title, content, env: collectEnv(), params: params || {} });
    if (reply.code !== 200) {
      console.log(`通知发送失败 Notification failed: ${reply.message}`);
      return;
    }
    const { skipped, results } = reply.data;
    if (skipped) {
      console.info(`${title} 在 SKIP_PUSH_TITLE 环境变量内，跳过推送`);
    } else if (results.length === 0) {
      console.log('未配置通知方式 No notification channel is set up');
    }
    for (const r of results || []) {
      if (r.ok) console.log(`${r.channel} 发送通知消息成功🎉`);
      else console.log(`${r.channel} 发送通知消息失败😞 ${r.message}`);
    }
  } catch (error) {
    console.log(`通知发送失败 Notification failed: ${error && error.message}`);
  }
}

module.exports = { sendNotify };
