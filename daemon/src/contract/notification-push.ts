/** Notification channels that push to a phone, a mailbox or a URL of your own. */
import {
  option,
  optionalArea,
  optionalNumber,
  optionalSecret,
  optionalSelect,
  optionalText,
  secret,
  select,
  t,
  text,
  type NotifyChannel,
} from './notification-fields.ts';

export const pushChannels: readonly NotifyChannel[] = [
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
    id: 'wxPusherSpt',
    name: t('WxPusher one-to-one (SPT)', 'WxPusher 一对一（SPT）'),
    fields: [
      secret('wxPusherSptList', 'SPT list', 'SPT 列表', {
        help: t('One or more SPTs, separated by ";"', '一个或多个 SPT，多个用英文分号 ; 分隔'),
      }),
    ],
  },
  {
    id: 'openiLink',
    name: t('OpeniLink', 'OpeniLink'),
    fields: [
      secret('openiLinkAppToken', 'App token', 'App Token'),
      optionalText('openiLinkHubUrl', 'Hub URL', 'Hub 地址', { placeholder: 'https://hub.openilink.com' }),
      optionalSecret('openiLinkContextToken', 'Context token', 'Context Token', {
        help: t('Names the conversation the message goes to', '标识消息所属的会话'),
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
    id: 'pushMe',
    name: t('PushMe', 'PushMe'),
    fields: [
      secret('pushMeKey', 'Push key', 'PushKey'),
      optionalText('pushMeUrl', 'Self-hosted URL', '自建服务地址', { placeholder: 'https://push.i-i.me/' }),
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
];
