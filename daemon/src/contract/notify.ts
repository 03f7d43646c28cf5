/**
 * Notification channels, their fields and the per-task notification policy: one description the daemon validates
 * against and the UI renders forms from. Constants only (no typebox), so the UI bundle can import it cheaply.
 *
 * Channel ids and field keys are Qinglong's (`type` and the keys of its notification settings), so a settings object
 * saved by Qinglong's `PUT /api/user/notification` is valid here unchanged.
 */
import type { Language } from './i18n.ts';

export type LocalText = Record<Language, string>;

/** How the UI renders a field. Every value travels as a string; `number` only constrains what is accepted. */
export const NotifyFieldKind = {
  text: 'text',
  password: 'password',
  number: 'number',
  select: 'select',
  textarea: 'textarea',
} as const;
export type NotifyFieldKind = (typeof NotifyFieldKind)[keyof typeof NotifyFieldKind];

export interface NotifyFieldOption {
  value: string;
  label: LocalText;
}

export interface NotifyField {
  /** Key in the settings object, exactly as Qinglong names it. */
  key: string;
  kind: NotifyFieldKind;
  required: boolean;
  label: LocalText;
  help?: LocalText;
  /** Example shown as a placeholder; never sent. */
  placeholder?: string;
  /** Pre-filled value for a new form; the daemon also applies it when the field is left empty. */
  default?: string;
  /** For `select`: the accepted values. */
  options?: readonly NotifyFieldOption[];
}

export interface NotifyChannel {
  id: NotifyChannelId;
  name: LocalText;
  fields: readonly NotifyField[];
}

export const NotifyChannelIds = [
  'gotify',
  'ntfy',
  'goCqHttpBot',
  'serverChan',
  'pushDeer',
  'bark',
  'telegramBot',
  'dingtalkBot',
  'weWorkBot',
  'weWorkApp',
  'aibotk',
  'iGot',
  'pushPlus',
  'wePlusBot',
  'wxPusherBot',
  'chat',
  'email',
  'lark',
  'pushMe',
  'chronocat',
  'webhook',
  'discord',
  'slack',
  'pushover',
  'matrix',
  'teams',
  'googleChat',
  'closed',
] as const;
export type NotifyChannelId = (typeof NotifyChannelIds)[number];
/** Every channel that actually sends something. */
export type NotifySendingChannelId = Exclude<NotifyChannelId, 'closed'>;

/** What `GET|PUT /api/user/notification` carry: the channel and its field values. */
export type NotificationSettings = { type: NotifyChannelId } & Record<string, string>;
export const closedNotification: NotificationSettings = { type: 'closed' };

const t = (en: string, zh: string): LocalText => ({ en, zh });
const option = (value: string, en: string, zh: string): NotifyFieldOption => ({ value, label: t(en, zh) });

type FieldInit = Omit<NotifyField, 'key' | 'kind' | 'required' | 'label'>;
const field =
  (kind: NotifyFieldKind, required: boolean) =>
  (key: string, en: string, zh: string, more: FieldInit = {}): NotifyField => ({
    key,
    kind,
    required,
    label: t(en, zh),
    ...more,
  });
const text = field('text', true);
const optionalText = field('text', false);
const secret = field('password', true);
const optionalSecret = field('password', false);
const optionalNumber = field('number', false);
const optionalArea = field('textarea', false);
const select = field('select', true);
const optionalSelect = field('select', false);

const webhookUrlHelp = t('The webhook URL the service gives you', '服务提供的 Webhook 地址');

export const notifyChannels: readonly NotifyChannel[] = [
  {
    id: 'gotify',
    name: t('Gotify', 'Gotify'),
    fields: [
      text('gotifyUrl', 'Gotify URL', 'Gotify 地址', { placeholder: 'https://push.example.com:8080' }),
      secret('gotifyToken', 'App token', '应用 Token'),
      optionalNumber('gotifyPriority', 'Priority', '优先级', { default: '0' }),
    ],
  },
  {
    id: 'ntfy',
    name: t('ntfy', 'ntfy'),
    fields: [
      text('ntfyUrl', 'ntfy URL', 'ntfy 地址', { default: 'https://ntfy.sh' }),
      text('ntfyTopic', 'Topic', '主题'),
      optionalNumber('ntfyPriority', 'Priority (1–5)', '优先级（1–5）', { default: '3' }),
      optionalSecret('ntfyToken', 'Access token', '访问令牌', {
        help: t('Use a token or a username and password', '使用令牌，或用户名和密码'),
      }),
      optionalText('ntfyUsername', 'Username', '用户名'),
      optionalSecret('ntfyPassword', 'Password', '密码'),
      optionalText('ntfyActions', 'Actions', '动作', {
        help: t(
          "ntfy's Actions header, e.g. view, Open, https://example.com",
          'ntfy 的 Actions 头，例如 view, Open, https://example.com',
        ),
      }),
    ],
  },
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
    id: 'serverChan',
    name: t('ServerChan', 'Server 酱'),
    fields: [
      secret('serverChanKey', 'SendKey', 'SendKey', {
        help: t('Turbo and ³ keys both work', '支持 Turbo 版和 Server 酱³'),
      }),
    ],
  },
  {
    id: 'pushDeer',
    name: t('PushDeer', 'PushDeer'),
    fields: [
      secret('pushDeerKey', 'Push key', 'PushKey'),
      optionalText('pushDeerUrl', 'Self-hosted API URL', '自建服务地址', {
        placeholder: 'https://api2.pushdeer.com/message/push',
      }),
    ],
  },
  {
    id: 'bark',
    name: t('Bark', 'Bark'),
    fields: [
      text('barkPush', 'Device key or push URL', '设备码或推送地址', {
        placeholder: 'https://api.day.app/XXXXXXXX',
      }),
      optionalText('barkIcon', 'Icon URL', '图标地址'),
      optionalText('barkSound', 'Sound', '声音'),
      optionalText('barkGroup', 'Group', '分组', { default: 'qinglong' }),
      optionalSelect('barkLevel', 'Level', '时效性', {
        options: [
          option('active', 'Active', '默认'),
          option('timeSensitive', 'Time sensitive', '时效性通知'),
          option('passive', 'Passive', '被动通知'),
          option('critical', 'Critical', '重要警告'),
        ],
      }),
      optionalText('barkUrl', 'Link on tap', '点击跳转地址'),
      optionalSelect('barkArchive', 'Archive', '存档', {
        options: [option('1', 'Save', '保存'), option('0', 'Do not save', '不保存')],
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
    id: 'iGot',
    name: t('iGot', 'iGot'),
    fields: [secret('iGotPushKey', 'Push key', '推送 Key')],
  },
  {
    id: 'pushPlus',
    name: t('PushPlus', 'PushPlus'),
    fields: [
      secret('pushPlusToken', 'Token', '用户令牌'),
      optionalText('pushPlusUser', 'Group code', '群组编码'),
      optionalSelect('pushplusTemplate', 'Template', '模板', {
        default: 'html',
        options: ['html', 'txt', 'json', 'markdown', 'cloudMonitor', 'jenkins', 'route', 'pay'].map((v) =>
          option(v, v, v),
        ),
      }),
      optionalSelect('pushplusChannel', 'Channel', '渠道', {
        default: 'wechat',
        options: [
          option('wechat', 'WeChat official account', '微信公众号'),
          option('webhook', 'Webhook', '第三方 Webhook'),
          option('cp', 'WeCom', '企业微信应用'),
          option('mail', 'Email', '邮件'),
          option('sms', 'SMS', '短信'),
        ],
      }),
      optionalText('pushplusWebhook', 'Webhook code', 'Webhook 编码'),
      optionalText('pushplusCallbackUrl', 'Callback URL', '回调地址'),
      optionalText('pushplusTo', 'Friend token', '好友令牌'),
    ],
  },
  {
    id: 'wePlusBot',
    name: t('WePlus bot', '微加机器人'),
    fields: [
      secret('wePlusBotToken', 'Token', '用户令牌'),
      optionalText('wePlusBotReceiver', 'Receiver', '消息接收人'),
      optionalSelect('wePlusBotVersion', 'Edition', '版本', {
        default: 'pro',
        options: [option('pro', 'Pro', '专业版'), option('personal', 'Personal', '个人版')],
      }),
    ],
  },
  {
    id: 'wxPusherBot',
    name: t('WxPusher', 'WxPusher'),
    fields: [
      secret('wxPusherBotAppToken', 'App token', 'appToken'),
      optionalText('wxPusherBotTopicIds', 'Topic ids', '主题 ID', {
        help: t(
          'Separated by ";". Give topic ids, user ids or both',
          '多个用英文分号 ; 分隔；主题 ID 和用户 ID 至少填一个',
        ),
      }),
      optionalText('wxPusherBotUids', 'User ids', '用户 ID', {
        help: t('Separated by ";"', '多个用英文分号 ; 分隔'),
      }),
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
    id: 'email',
    name: t('Email (SMTP)', '邮件（SMTP）'),
    fields: [
      text('emailService', 'Mail service', '邮箱服务', {
        placeholder: 'QQ, 163, Gmail… or smtp.example.com:465',
        help: t(
          'A service name known to nodemailer (QQ, 126, 163, Gmail, Outlook365…), or host:port of an SMTP server',
          'nodemailer 支持的服务名（QQ、126、163、Gmail、Outlook365 等），或 SMTP 服务器的 主机:端口',
        ),
      }),
      text('emailUser', 'Sender address', '发件邮箱'),
      secret('emailPass', 'Password or app code', '密码或授权码'),
      optionalText('emailTo', 'Recipients', '收件邮箱', {
        help: t('Separated by ";"; empty sends to the sender address', '多个用英文分号 ; 分隔；不填则发给发件邮箱'),
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
    id: 'pushMe',
    name: t('PushMe', 'PushMe'),
    fields: [
      secret('pushMeKey', 'Push key', 'PushKey'),
      optionalText('pushMeUrl', 'Self-hosted URL', '自建服务地址', { placeholder: 'https://push.i-i.me/' }),
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
    id: 'webhook',
    name: t('Custom webhook', '自定义通知'),
    fields: [
      select('webhookMethod', 'Method', '请求方法', {
        default: 'POST',
        options: ['GET', 'POST', 'PUT'].map((v) => option(v, v, v)),
      }),
      select('webhookContentType', 'Content type', 'Content-Type', {
        default: 'application/json',
        options: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded', 'text/plain'].map(
          (v) => option(v, v, v),
        ),
      }),
      text('webhookUrl', 'URL', '请求地址', { placeholder: 'https://example.com/notify?title=$title' }),
      optionalArea('webhookHeaders', 'Headers', '请求头', {
        placeholder: 'Authorization: Bearer xxx',
        help: t('One "key: value" per line', '每行一个 key: value'),
      }),
      optionalArea('webhookBody', 'Body', '请求体', {
        placeholder: 'title: $title\ncontent: $content',
        help: t(
          'One "key: value" per line, or raw text for text/plain. $title and $content are replaced; $title must appear in the URL or the body',
          '每行一个 key: value，text/plain 时为原文。$title 和 $content 会被替换；URL 或请求体中必须包含 $title',
        ),
      }),
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
    id: 'pushover',
    name: t('Pushover', 'Pushover'),
    fields: [
      secret('pushoverToken', 'Application token', '应用 Token'),
      secret('pushoverUser', 'User or group key', '用户或群组 Key'),
      optionalText('pushoverDevice', 'Device', '设备'),
      optionalSelect('pushoverPriority', 'Priority', '优先级', {
        options: [
          option('-2', 'Lowest', '最低'),
          option('-1', 'Low', '低'),
          option('0', 'Normal', '普通'),
          option('1', 'High', '高'),
        ],
      }),
      optionalText('pushoverSound', 'Sound', '声音'),
    ],
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
  {
    id: 'closed',
    name: t('Off', '已关闭'),
    fields: [],
  },
];

export const notifyChannelById = Object.fromEntries(notifyChannels.map((c) => [c.id, c])) as Record<
  NotifyChannelId,
  NotifyChannel
>;

export function isNotifyChannelId(value: unknown): value is NotifyChannelId {
  return typeof value === 'string' && (NotifyChannelIds as readonly string[]).includes(value);
}

/** Why a field is refused; the daemon turns each into a message in both languages, the UI may do the same. */
export const NotifyFieldProblem = {
  required: 'required',
  number: 'number',
  option: 'option',
  webhookTitle: 'webhookTitle',
} as const;
export type NotifyFieldProblem = (typeof NotifyFieldProblem)[keyof typeof NotifyFieldProblem];

/**
 * Checks a settings object against its channel: required fields, numbers, select values and the webhook rule
 * (`$title` in the URL or the body). Pure, so the UI can run it before sending.
 */
export function checkNotificationSettings(
  settings: NotificationSettings,
): { field: string; problem: NotifyFieldProblem }[] {
  const channel = notifyChannelById[settings.type];
  const problems: { field: string; problem: NotifyFieldProblem }[] = [];
  for (const f of channel.fields) {
    const value = (settings[f.key] ?? '').trim();
    if (value === '') {
      if (f.required && f.default === undefined) problems.push({ field: f.key, problem: 'required' });
      continue;
    }
    if (f.kind === 'number' && !/^-?\d+$/.test(value)) problems.push({ field: f.key, problem: 'number' });
    if (f.kind === 'select' && f.options && !f.options.some((o) => o.value === value)) {
      problems.push({ field: f.key, problem: 'option' });
    }
  }
  if (
    settings.type === 'webhook' &&
    !(settings.webhookUrl ?? '').includes('$title') &&
    !(settings.webhookBody ?? '').includes('$title')
  ) {
    problems.push({ field: 'webhookBody', problem: 'webhookTitle' });
  }
  return problems;
}

/** Keeps only the channel's own fields, trimmed, with defaults filled in for empty ones. */
export function normaliseNotificationSettings(settings: NotificationSettings): NotificationSettings {
  const channel = notifyChannelById[settings.type];
  const result: NotificationSettings = { type: settings.type };
  for (const f of channel.fields) {
    const raw = settings[f.key];
    const value = typeof raw === 'string' ? (f.kind === 'textarea' ? raw : raw.trim()) : '';
    if (value !== '') result[f.key] = value;
    else if (f.default !== undefined) result[f.key] = f.default;
  }
  return result;
}

/** When a task's run sends a notification. Stored on the task; the default comes from a global setting. */
export const TaskNotifyPolicy = {
  never: 'never',
  onFailure: 'onFailure',
  always: 'always',
  onFailureAndRecovery: 'onFailureAndRecovery',
} as const;
export type TaskNotifyPolicy = (typeof TaskNotifyPolicy)[keyof typeof TaskNotifyPolicy];
export const TaskNotifyPolicies = Object.values(TaskNotifyPolicy);
export const defaultTaskNotifyPolicy: TaskNotifyPolicy = TaskNotifyPolicy.onFailure;

export const taskNotifyPolicyLabels: Record<TaskNotifyPolicy, LocalText> = {
  never: t('Never', '从不'),
  onFailure: t('On failure', '失败时'),
  always: t('Always', '总是'),
  onFailureAndRecovery: t('On failure and on recovery', '失败时及恢复成功时'),
};
