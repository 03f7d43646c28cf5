import type { Language } from './i18n.ts';
import { fieldLabels } from './field-labels.ts';
import { backupMessages } from './messages-backup.ts';
import { importMessages } from './messages-import.ts';
import { appMessages } from './messages-apps.ts';
import { notifyMessages } from './messages-notifications.ts';
import { systemMessages } from './messages-system.ts';

/**
 * Every message the API can answer with (and the notifications the panel sends), in both languages, keyed by a stable id. The daemon localises replies with
 * it (from the `lang` cookie or Accept-Language) and the UI shows the text as received, so each message is written
 * once. `{name}` placeholders are filled from the error's params.
 */
export const messages = {
  validationFailed: { en: 'Validation failed', zh: '验证失败' },
  notFound: { en: 'Not Found', zh: '未找到' },
  badRequest: { en: 'Bad request', zh: '请求无效' },
  daemonClosing: {
    en: 'The daemon is shutting down; try again once it is back',
    zh: '守护进程正在关闭，请在其重启后再试',
  },
  concurrencyRange: { en: '{label} must be a whole number from 1 to {max}', zh: '{label}必须是 1 到 {max} 之间的整数' },
  timezoneInvalid: {
    en: '{label} is not a known time zone (e.g. Asia/Shanghai)',
    zh: '{label}不是已知的时区（例如 Asia/Shanghai）',
  },
  internal: { en: 'Internal server error', zh: '服务器内部错误' },
  badPath: { en: 'Bad request path', zh: '请求路径不合法' },
  bodyInvalidJson: {
    en: 'The request body is not valid JSON, or it holds a forbidden key (__proto__, constructor.prototype)',
    zh: '请求内容不是有效的 JSON，或包含禁止的键（__proto__、constructor.prototype）',
  },
  bodyEmptyJson: {
    en: 'The request body is empty, but its content type says JSON',
    zh: '请求内容为空，但内容类型声明为 JSON',
  },
  queryEncodingInvalid: {
    en: 'The query string is not valid percent-encoded UTF-8',
    zh: '查询字符串不是有效的百分号编码 UTF-8',
  },
  mediaTypeUnsupported: {
    en: 'The content type "{type}" is not accepted here; send JSON (application/json)',
    zh: '此处不接受内容类型“{type}”，请发送 JSON（application/json）',
  },
  sessionExpired: {
    en: 'Login session has expired, please log in again',
    zh: '登录会话已过期，请重新登录',
  },
  unauthorized: { en: 'Please log in first', zh: '请先登录' },
  forbidden: { en: 'Forbidden', zh: '禁止访问' },
  tooManyRequests: { en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后再试' },
  bodyTooLarge: {
    en: 'The request is too large: this endpoint accepts at most {size} MB',
    zh: '请求内容过大：此接口最多接受 {size} MB',
  },
  alreadyInitialized: { en: 'The system has already been initialized', zh: '系统已初始化' },
  notInitialized: { en: 'The system has not been initialized yet', zh: '系统尚未初始化' },
  passwordAdmin: { en: "The password cannot be 'admin'", zh: "密码不能为 'admin'" },
  passwordMismatch: {
    en: 'The two passwords you entered do not match!',
    zh: '您输入的两个密码不匹配！',
  },
  passwordTooShort: {
    en: 'The password must be at least {min} characters',
    zh: '密码至少 {min} 个字符',
  },
  wrongCredentials: { en: 'Incorrect username or password', zh: '用户名或密码错误' },
  wrongCurrentPassword: { en: 'The current password is incorrect', zh: '当前密码不正确' },
  loginLocked: {
    en: 'Too many failed attempts, please try again in {seconds} seconds',
    zh: '失败次数过多，请 {seconds} 秒后再试',
  },
  twoFactorRequired: { en: 'Please enter the two-factor code', zh: '请输入两步验证码' },
  twoFactorInvalid: { en: 'The verification code is incorrect', zh: '验证码错误' },
  twoFactorNotStarted: {
    en: 'Two-factor setup has not been started',
    zh: '尚未开始设置两步验证',
  },
  codeFormat: { en: 'The verification code is a 6-digit number', zh: '验证码为 6 位数字' },
  avatarInvalid: {
    en: 'The avatar must be a PNG, JPEG, GIF or WebP image of at most 2 MB',
    zh: '头像必须是不超过 2 MB 的 PNG、JPEG、GIF 或 WebP 图片',
  },
  // Notifications.
  notifyFailed: { en: 'Notification failed: {message}', zh: '通知发送失败：{message}' },
  notifyWebhookTitle: { en: 'The URL or the body must contain $title', zh: 'Url 或者 Body 中必须包含 $title' },
  notifyBadOption: { en: '{label} is not one of the offered values', zh: '{label}不是可选的值' },
  notifyClosed: { en: 'No notification channel is set up', zh: '未设置通知方式' },
  runTokenInvalid: { en: 'Invalid or expired run token', zh: '运行令牌无效或已过期' },
  notifyLocalTarget: {
    en: 'Not sent: {host} is on the local network ({address}). Notifications go to local addresses only when you allow them: turn on "Allow local network addresses" or add the address under System Settings → Notification → Local network addresses',
    zh: '未发送：{host} 位于本地网络（{address}）。只有你允许的本地地址才能接收通知：请在 系统设置 → 通知设置 → 本地网络地址 中打开“允许本地网络地址”，或添加该地址',
  },
  notifyReservedTarget: {
    en: 'Not sent: {host} resolves to {address}, a link-local or unspecified address (where cloud metadata services live). Only an address listed under System Settings → Notification → Local network addresses can be reached',
    zh: '未发送：{host} 解析为 {address}，这是链路本地或未指定地址（云服务器元数据服务所在的地址）。只有在 系统设置 → 通知设置 → 本地网络地址 中列出的地址才能访问',
  },
  notifyMetadataTarget: {
    en: "Not sent: {host} ({address}) is a cloud metadata service, which hands out the server's credentials. Only an entry listed under System Settings → Notification → Local network addresses can reach it",
    zh: '未发送：{host}（{address}）是云服务器的元数据服务，会交出服务器的凭据。只有在 系统设置 → 通知设置 → 本地网络地址 中列出的条目才能访问',
  },
  localTargetInvalid: {
    en: '"{entry}" is not an IP address, a range such as 192.168.1.0/24, or a host name',
    zh: '“{entry}”不是 IP 地址、网段（例如 192.168.1.0/24）或主机名',
  },
  // Tasks (crons) and their views.
  taskNotRunning: { en: 'Task not running', zh: '任务未运行' },
  cronFormat: { en: 'Incorrect Cron Expression Format', zh: '定时规则格式不正确' },
  taskCommandInHook: {
    en: 'Commands before and after a task cannot contain a task command',
    zh: '任务前后执行的命令不能包含 task 命令',
  },
  logNameInvalid: {
    en: 'The log name must be /dev/null or a folder name inside the log directory',
    zh: '日志名称必须是 /dev/null 或日志目录内的文件夹名',
  },
  workDirInvalid: {
    en: 'The working directory must be inside the data directory',
    zh: '工作目录必须位于数据目录内',
  },
  regexInvalid: {
    en: '{label} has an invalid or unsupported regular expression: {pattern}',
    zh: '{label}包含无效或不支持的正则表达式：{pattern}',
  },
  viewFilterInvalid: {
    en: '{label} has an unsupported condition: {value}',
    zh: '{label}包含不支持的条件：{value}',
  },
  viewNameTaken: { en: 'A view with this name already exists', zh: '已存在同名视图' },
  systemViewLocked: {
    en: 'The built-in view "{name}" cannot be deleted',
    zh: '系统视图“{name}”不能删除',
  },
  logTruncated: {
    en: '[The log is {size} MB; the first {skipped} MB are not shown here]',
    zh: '[日志共 {size} MB，此处未显示前 {skipped} MB]',
  },
  // Environment variables.
  envNameInvalid: {
    en: 'Environment variable name: only letters, digits and underscores are allowed, and it cannot start with a digit',
    zh: '环境变量名称只能包含字母、数字和下划线，且不能以数字开头',
  },
  envDuplicate: {
    en: 'A variable named {name} with this value already exists',
    zh: '已存在名称为 {name} 且值相同的变量',
  },
  envVariableTooLarge: {
    en: 'The variable {name} would take {size} KB once its values are joined with "&": a run can receive at most {max} KB in one variable (Linux\'s limit)',
    zh: '变量 {name} 的值用“&”连接后为 {size} KB：运行时单个变量最多 {max} KB（Linux 的限制）',
  },
  envTotalTooLarge: {
    en: 'The enabled variables would take {size} KB in all: every run can receive at most {max} KB of them',
    zh: '启用的变量合计 {size} KB：每次运行最多可接收 {max} KB',
  },
  envFileInvalid: {
    en: 'The file must be a JSON list of variables ({name, value, remarks, labels})',
    zh: '文件必须是变量的 JSON 列表（{name, value, remarks, labels}）',
  },
  envFileEntryInvalid: {
    en: 'Entry {index} of the file is not valid; nothing was imported',
    zh: '文件第 {index} 项无效，未导入任何变量',
  },
  // Dependencies.
  dependencyNameInvalid: {
    en: '"{name}" is not a valid {type} package name: give a package name with an optional version, without spaces, shell characters or options starting with "-"',
    zh: '“{name}”不是有效的{type}包名：请填写包名（可带版本号），不能包含空格、shell 字符或以“-”开头的选项',
  },
  urlInvalid: { en: '{label} must be an http or https URL', zh: '{label}必须是 http 或 https 地址' },
  // Files: scripts, configuration files, logs (one resolver for every name).
  pathOutside: { en: 'Path is outside its folder', zh: '路径超出了所在的文件夹' },
  fileNameSlashes: { en: 'File name cannot contain slashes', zh: '文件名不能包含斜杠' },
  fileTooLarge: {
    en: 'The file is larger than {size} MB and cannot be opened here; download it instead',
    zh: '文件大于 {size} MB，无法在此打开，请下载查看',
  },
  fileBinary: {
    en: 'The file is not a text file and cannot be opened here; download it instead',
    zh: '该文件不是文本文件，无法在此打开，请下载查看',
  },
  fileExists: { en: 'A file or folder named {name} already exists', zh: '已存在名为 {name} 的文件或文件夹' },
  notAFile: { en: '{name} is not a file', zh: '{name} 不是文件' },
  uploadInvalid: {
    en: 'Send the file as the multipart field "file" (at most {size} MB)',
    zh: '请以 multipart 字段 "file" 上传文件（最大 {size} MB）',
  },
  configForbidden: {
    en: '{name} cannot be read or changed from the panel',
    zh: '{name} 不能在面板中查看或修改',
  },
  logBusy: {
    en: 'The log is still being written; stop the run first',
    zh: '日志正在写入，请先停止运行',
  },
  // Subscriptions.
  aliasTaken: {
    en: 'A subscription with the unique value "{alias}" already exists',
    zh: '唯一值“{alias}”已被其他订阅使用',
  },
  aliasInvalid: {
    en: 'The unique value may only contain letters, digits, "_", "-" and ".", and cannot start with "."',
    zh: '唯一值只能包含字母、数字、“_”、“-”和“.”，且不能以“.”开头',
  },
  subscriptionNotRunning: { en: 'Subscription not running', zh: '订阅未在运行' },
  commandNotRecognised: {
    en: 'Not a "ql repo" or "ql raw" command',
    zh: '不是 “ql repo” 或 “ql raw” 命令',
  },
  ...importMessages,
  ...backupMessages,
  ...systemMessages,
  ...notifyMessages,
  // Default form messages (spec §5).
  required: { en: 'Please enter {label}', zh: '请输入{label}' },
  blank: { en: '{label} cannot be a blank character', zh: '{label}不能为空字符' },
  tooShort: { en: '{label} must be at least {min} characters', zh: '{label}至少 {min} 个字符' },
  tooLong: { en: '{label} must be up to {max} characters', zh: '{label}最多 {max} 个字符' },
  invalidType: { en: '{label} is not a valid {type}', zh: '{label}不是有效的{type}' },
  textInvalid: {
    en: '{label} contains a character that is not allowed (a NUL or an unpaired surrogate)',
    zh: '{label}包含不允许的字符（NUL 字符或不成对的代理字符）',
  },
  tooMany: { en: '{label} can hold at most {max} items', zh: '{label}最多 {max} 项' },
  tooFew: { en: '{label} must hold at least {min} items', zh: '{label}至少 {min} 项' },
  tooSmall: { en: '{label} must be at least {min}', zh: '{label}不能小于 {min}' },
  tooLarge: { en: '{label} must be at most {max}', zh: '{label}不能大于 {max}' },
  /** The label of one element of a list: `ids item 3`. */
  itemOf: { en: '{label} item {index}', zh: '{label}第 {index} 项' },
  ...appMessages,
} as const satisfies Record<string, Record<Language, string>>;
export type MessageKey = keyof typeof messages;

export function formatMessage(key: MessageKey, lang: Language, params: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function labelOf(field: string, lang: Language): string {
  return fieldLabels[field]?.[lang] ?? field;
}
