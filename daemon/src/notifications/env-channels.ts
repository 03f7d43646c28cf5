import type { NotifySendingChannelId } from '../contract/notifications.ts';
import type { ChannelSettings } from './provider.ts';

/**
 * Qinglong's script notification variables (sendNotify.js / notify.py), mapped onto the panel's channel fields: the
 * one table that lets scripts configure channels by environment. A channel is used when all its `when` variables are
 * set. Values keep Qinglong's formats (e.g. WEBHOOK_HEADERS as `key: value` lines, QYWX_AM comma-separated).
 */
interface EnvChannel {
  id: NotifySendingChannelId;
  when: string[];
  fields: Record<string, string>;
  /** Fields computed from several variables. */
  derive?: (env: Record<string, string>) => ChannelSettings;
}

const envChannels: readonly EnvChannel[] = [
  { id: 'serverChan', when: ['PUSH_KEY'], fields: { PUSH_KEY: 'serverChanKey' } },
  {
    id: 'pushPlus',
    when: ['PUSH_PLUS_TOKEN'],
    fields: {
      PUSH_PLUS_TOKEN: 'pushPlusToken',
      PUSH_PLUS_USER: 'pushPlusUser',
      PUSH_PLUS_TEMPLATE: 'pushplusTemplate',
      PUSH_PLUS_CHANNEL: 'pushplusChannel',
      PUSH_PLUS_WEBHOOK: 'pushplusWebhook',
      PUSH_PLUS_CALLBACKURL: 'pushplusCallbackUrl',
      PUSH_PLUS_TO: 'pushplusTo',
    },
  },
  {
    id: 'wePlusBot',
    when: ['WE_PLUS_BOT_TOKEN'],
    fields: {
      WE_PLUS_BOT_TOKEN: 'wePlusBotToken',
      WE_PLUS_BOT_RECEIVER: 'wePlusBotReceiver',
      WE_PLUS_BOT_VERSION: 'wePlusBotVersion',
    },
  },
  {
    id: 'bark',
    when: ['BARK_PUSH'],
    fields: {
      BARK_PUSH: 'barkPush',
      BARK_ICON: 'barkIcon',
      BARK_SOUND: 'barkSound',
      BARK_GROUP: 'barkGroup',
      BARK_LEVEL: 'barkLevel',
      BARK_URL: 'barkUrl',
      BARK_ARCHIVE: 'barkArchive',
    },
  },
  {
    id: 'telegramBot',
    when: ['TG_BOT_TOKEN', 'TG_USER_ID'],
    fields: {
      TG_BOT_TOKEN: 'telegramBotToken',
      TG_USER_ID: 'telegramBotUserId',
      TG_PROXY_HOST: 'telegramBotProxyHost',
      TG_PROXY_PORT: 'telegramBotProxyPort',
      TG_API_HOST: 'telegramBotApiHost',
    },
    // Qinglong's scripts write TG_PROXY_AUTH with its trailing "@" ("user:pass@"); the field holds "user:pass".
    derive: (env) => (env.TG_PROXY_AUTH ? { telegramBotProxyAuth: env.TG_PROXY_AUTH.replace(/@$/, '') } : {}),
  },
  {
    id: 'dingtalkBot',
    when: ['DD_BOT_TOKEN'],
    fields: { DD_BOT_TOKEN: 'dingtalkBotToken', DD_BOT_SECRET: 'dingtalkBotSecret' },
  },
  { id: 'weWorkBot', when: ['QYWX_KEY'], fields: { QYWX_KEY: 'weWorkBotKey', QYWX_ORIGIN: 'weWorkOrigin' } },
  { id: 'weWorkApp', when: ['QYWX_AM'], fields: { QYWX_AM: 'weWorkAppKey', QYWX_ORIGIN: 'weWorkOrigin' } },
  { id: 'iGot', when: ['IGOT_PUSH_KEY'], fields: { IGOT_PUSH_KEY: 'iGotPushKey' } },
  {
    id: 'goCqHttpBot',
    when: ['GOBOT_URL'],
    fields: { GOBOT_URL: 'goCqHttpBotUrl', GOBOT_TOKEN: 'goCqHttpBotToken', GOBOT_QQ: 'goCqHttpBotQq' },
  },
  {
    id: 'gotify',
    when: ['GOTIFY_URL', 'GOTIFY_TOKEN'],
    fields: { GOTIFY_URL: 'gotifyUrl', GOTIFY_TOKEN: 'gotifyToken', GOTIFY_PRIORITY: 'gotifyPriority' },
  },
  {
    id: 'chat',
    when: ['CHAT_URL', 'CHAT_TOKEN'],
    fields: {},
    // Qinglong's libraries post to CHAT_URL immediately followed by CHAT_TOKEN.
    derive: (env) => ({ synologyChatUrl: `${env.CHAT_URL}${env.CHAT_TOKEN}` }),
  },
  { id: 'pushDeer', when: ['DEER_KEY'], fields: { DEER_KEY: 'pushDeerKey', DEER_URL: 'pushDeerUrl' } },
  {
    id: 'aibotk',
    when: ['AIBOTK_KEY', 'AIBOTK_TYPE', 'AIBOTK_NAME'],
    fields: { AIBOTK_KEY: 'aibotkKey', AIBOTK_TYPE: 'aibotkType', AIBOTK_NAME: 'aibotkName' },
  },
  { id: 'lark', when: ['FSKEY'], fields: { FSKEY: 'larkKey', FSSECRET: 'larkSecret' } },
  {
    id: 'email',
    when: ['SMTP_EMAIL', 'SMTP_PASSWORD'],
    fields: {
      SMTP_EMAIL: 'emailUser',
      SMTP_PASSWORD: 'emailPass',
      SMTP_NAME: 'emailName',
    },
    // notify.js names a nodemailer service (SMTP_SERVICE); notify.py gives host:port (SMTP_SERVER) and SMTP_SSL.
    derive: (env) => {
      const derived: ChannelSettings = { emailService: env.SMTP_SERVICE || env.SMTP_SERVER || '' };
      const to = env.SMTP_TO || env.SMTP_EMAIL_TO;
      if (to) derived.emailTo = to;
      if (env.SMTP_SSL) derived.emailSecure = env.SMTP_SSL === 'true' ? 'true' : 'false';
      return derived;
    },
  },
  { id: 'pushMe', when: ['PUSHME_KEY'], fields: { PUSHME_KEY: 'pushMeKey', PUSHME_URL: 'pushMeUrl' } },
  {
    id: 'chronocat',
    when: ['CHRONOCAT_URL', 'CHRONOCAT_QQ', 'CHRONOCAT_TOKEN'],
    fields: { CHRONOCAT_URL: 'chronocatURL', CHRONOCAT_QQ: 'chronocatQQ', CHRONOCAT_TOKEN: 'chronocatToken' },
  },
  {
    id: 'webhook',
    when: ['WEBHOOK_URL'],
    fields: {
      WEBHOOK_URL: 'webhookUrl',
      WEBHOOK_BODY: 'webhookBody',
      WEBHOOK_HEADERS: 'webhookHeaders',
      WEBHOOK_METHOD: 'webhookMethod',
      WEBHOOK_CONTENT_TYPE: 'webhookContentType',
    },
  },
  {
    id: 'ntfy',
    when: ['NTFY_TOPIC'],
    fields: {
      NTFY_URL: 'ntfyUrl',
      NTFY_TOPIC: 'ntfyTopic',
      NTFY_PRIORITY: 'ntfyPriority',
      NTFY_TOKEN: 'ntfyToken',
      NTFY_USERNAME: 'ntfyUsername',
      NTFY_PASSWORD: 'ntfyPassword',
      NTFY_ACTIONS: 'ntfyActions',
    },
  },
  {
    id: 'wxPusherBot',
    when: ['WXPUSHER_APP_TOKEN'],
    fields: {
      WXPUSHER_APP_TOKEN: 'wxPusherBotAppToken',
      WXPUSHER_TOPIC_IDS: 'wxPusherBotTopicIds',
      WXPUSHER_UIDS: 'wxPusherBotUids',
    },
  },
  { id: 'wxPusherSpt', when: ['WXPUSHER_SPT'], fields: { WXPUSHER_SPT: 'wxPusherSptList' } },
  {
    id: 'openiLink',
    when: ['OPENILINK_APP_TOKEN'],
    fields: {
      OPENILINK_APP_TOKEN: 'openiLinkAppToken',
      OPENILINK_HUB_URL: 'openiLinkHubUrl',
      OPENILINK_CONTEXT_TOKEN: 'openiLinkContextToken',
    },
  },
  // Baihu's extra channels, named in the same style.
  {
    id: 'discord',
    when: ['DISCORD_WEBHOOK'],
    fields: { DISCORD_WEBHOOK: 'discordWebhook', DISCORD_USERNAME: 'discordUsername' },
  },
  { id: 'slack', when: ['SLACK_WEBHOOK'], fields: { SLACK_WEBHOOK: 'slackWebhook' } },
  {
    id: 'pushover',
    when: ['PUSHOVER_TOKEN', 'PUSHOVER_USER'],
    fields: {
      PUSHOVER_TOKEN: 'pushoverToken',
      PUSHOVER_USER: 'pushoverUser',
      PUSHOVER_DEVICE: 'pushoverDevice',
      PUSHOVER_PRIORITY: 'pushoverPriority',
      PUSHOVER_SOUND: 'pushoverSound',
    },
  },
  {
    id: 'matrix',
    when: ['MATRIX_HOMESERVER', 'MATRIX_TOKEN', 'MATRIX_ROOM_ID'],
    fields: {
      MATRIX_HOMESERVER: 'matrixHomeserver',
      MATRIX_TOKEN: 'matrixAccessToken',
      MATRIX_ROOM_ID: 'matrixRoomId',
    },
  },
  { id: 'teams', when: ['TEAMS_WEBHOOK'], fields: { TEAMS_WEBHOOK: 'teamsWebhook' } },
  { id: 'googleChat', when: ['GOOGLE_CHAT_WEBHOOK'], fields: { GOOGLE_CHAT_WEBHOOK: 'googleChatWebhook' } },
];

/** The channels a script's variables configure, each with its settings. */
export function channelsFromEnv(
  env: Record<string, string>,
): { id: NotifySendingChannelId; settings: ChannelSettings }[] {
  const set = (name: string) => typeof env[name] === 'string' && env[name]!.trim() !== '';
  return envChannels
    .filter((c) => c.when.every(set))
    .map((c) => {
      const settings: ChannelSettings = {};
      for (const [name, key] of Object.entries(c.fields)) if (set(name)) settings[key] = env[name];
      return { id: c.id, settings: { ...settings, ...c.derive?.(env) } };
    });
}
