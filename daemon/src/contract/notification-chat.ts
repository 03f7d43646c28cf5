/** Notification channels that post into a chat: bots and team messengers. */
import {
  option,
  optionalNumber,
  optionalSecret,
  optionalText,
  secret,
  select,
  t,
  text,
  webhookUrlHelp,
  type NotifyChannel,
} from './notification-fields.ts';

export const chatChannels: readonly NotifyChannel[] = [
  {
    id: 'goCqHttpBot',
    name: t('go-cqhttp', 'go-cqhttp'),
    fields: [
      text('goCqHttpBotUrl', 'Send URL', '推送地址', {
        placeholder: 'http://127.0.0.1:5700/send_private_msg',
        help: t(
          '…/send_private_msg for a person, …/send_group_msg for a group',
          '个人用 …/send_private_msg，群用 …/send_group_msg',
        ),
      }),
      secret('goCqHttpBotToken', 'Access token', 'Access Token'),
      text('goCqHttpBotQq', 'Recipient', '接收者', {
        placeholder: 'user_id=10000',
        help: t('user_id=<QQ number> or group_id=<group number>', 'user_id=个人QQ 或 group_id=QQ群'),
      }),
    ],
  },
  {
    id: 'telegramBot',
    name: t('Telegram bot', 'Telegram 机器人'),
    fields: [
      secret('telegramBotToken', 'Bot token', 'Bot Token', {
        placeholder: '1407203283:AAG9rt-6RDaaX0HBLZQq0laNOh898iFYaRQ',
      }),
      text('telegramBotUserId', 'Chat ID', '用户 ID'),
      optionalText('telegramBotProxyHost', 'Proxy host', '代理主机'),
      optionalNumber('telegramBotProxyPort', 'Proxy port', '代理端口'),
      optionalSecret('telegramBotProxyAuth', 'Proxy credentials', '代理认证', {
        placeholder: 'user:password',
      }),
      optionalText('telegramBotApiHost', 'API host', 'API 地址', { default: 'https://api.telegram.org' }),
    ],
  },
  {
    id: 'dingtalkBot',
    name: t('DingTalk bot', '钉钉机器人'),
    fields: [
      secret('dingtalkBotToken', 'Access token', 'Access Token', {
        help: t('The access_token part of the webhook URL', 'Webhook 地址中 access_token 的值'),
      }),
      optionalSecret('dingtalkBotSecret', 'Signing secret', '加签密钥', { placeholder: 'SEC…' }),
    ],
  },
  {
    id: 'weWorkBot',
    name: t('WeCom bot', '企业微信机器人'),
    fields: [
      secret('weWorkBotKey', 'Webhook key', 'Webhook Key', {
        help: t('The key part of the webhook URL', 'Webhook 地址中 key 的值'),
      }),
      optionalText('weWorkOrigin', 'API origin (proxy)', '代理地址', { default: 'https://qyapi.weixin.qq.com' }),
    ],
  },
  {
    id: 'weWorkApp',
    name: t('WeCom app', '企业微信应用'),
    fields: [
      secret('weWorkAppKey', 'App settings', '应用参数', {
        placeholder: 'corpid,corpsecret,touser,agentid,media',
        help: t(
          'corpid,corpsecret,touser,agentid,media — media: 0 text card, 1 text (default), or an mpnews image id',
          'corpid,corpsecret,touser,agentid,消息类型 —— 消息类型：0 文本卡片，1 文本（默认），或图文消息的素材 id',
        ),
      }),
      optionalText('weWorkOrigin', 'API origin (proxy)', '代理地址', { default: 'https://qyapi.weixin.qq.com' }),
    ],
  },
  {
    id: 'aibotk',
    name: t('Aibotk', '智能微秘书'),
    fields: [
      secret('aibotkKey', 'API key', 'ApiKey'),
      select('aibotkType', 'Send to', '发送目标', {
        default: 'room',
        options: [option('room', 'Group', '群聊'), option('contact', 'Contact', '好友')],
      }),
      text('aibotkName', 'Group or contact name', '群名或好友昵称'),
    ],
  },
  {
    id: 'chat',
    name: t('Synology Chat', '群晖 Chat'),
    fields: [
      text('synologyChatUrl', 'Incoming webhook URL', 'Webhook 地址', {
        placeholder: 'https://nas:5001/webapi/entry.cgi?api=SYNO.Chat.External&method=incoming&version=2&token=…',
      }),
    ],
  },
  {
    id: 'lark',
    name: t('Feishu / Lark bot', '飞书机器人'),
    fields: [
      secret('larkKey', 'Webhook key or URL', 'Webhook Key 或地址', {
        help: t('The part after /hook/, or the whole webhook URL', '/hook/ 后面的部分，或完整的 Webhook 地址'),
      }),
      optionalSecret('larkSecret', 'Signing secret', '签名校验密钥'),
    ],
  },
  {
    id: 'chronocat',
    name: t('Chronocat', 'Chronocat'),
    fields: [
      text('chronocatURL', 'Red protocol URL', 'Red 协议地址', { placeholder: 'http://127.0.0.1:16530' }),
      text('chronocatQQ', 'Recipients', '接收者', {
        placeholder: 'user_id=10000;group_id=20000',
        help: t(
          'user_id=<QQ> and/or group_id=<group>, separated by ";"',
          'user_id=个人QQ 和/或 group_id=QQ群，多个用英文分号 ; 分隔',
        ),
      }),
      secret('chronocatToken', 'Access token', '访问密钥'),
    ],
  },
  {
    id: 'discord',
    name: t('Discord', 'Discord'),
    fields: [
      secret('discordWebhook', 'Webhook URL', 'Webhook 地址', { help: webhookUrlHelp }),
      optionalText('discordUsername', 'Bot name', '机器人名称'),
    ],
  },
  {
    id: 'slack',
    name: t('Slack', 'Slack'),
    fields: [secret('slackWebhook', 'Incoming webhook URL', 'Webhook 地址', { help: webhookUrlHelp })],
  },
  {
    id: 'matrix',
    name: t('Matrix', 'Matrix'),
    fields: [
      text('matrixHomeserver', 'Homeserver URL', 'Homeserver 地址', { placeholder: 'https://matrix.org' }),
      secret('matrixAccessToken', 'Access token', '访问令牌'),
      text('matrixRoomId', 'Room id', '房间 ID', { placeholder: '!abcdef:matrix.org' }),
    ],
  },
  {
    id: 'teams',
    name: t('Microsoft Teams', 'Microsoft Teams'),
    fields: [
      secret('teamsWebhook', 'Workflow webhook URL', 'Webhook 地址', {
        help: t(
          'From a Teams workflow "Post to a channel when a webhook request is received"',
          '在 Teams 工作流“收到 Webhook 请求时发布到频道”中获取',
        ),
      }),
    ],
  },
  {
    id: 'googleChat',
    name: t('Google Chat', 'Google Chat'),
    fields: [secret('googleChatWebhook', 'Webhook URL', 'Webhook 地址', { help: webhookUrlHelp })],
  },
];
