import type { Language } from './i18n.ts';

/**
 * Every message the API can answer with, in both languages, keyed by a stable id. The daemon localises replies with
 * it (from the `lang` cookie or Accept-Language) and the UI shows the text as received, so each message is written
 * once. `{name}` placeholders are filled from the error's params.
 */
export const messages = {
  validationFailed: { en: 'Validation failed', zh: '验证失败' },
  notFound: { en: 'Not Found', zh: '未找到' },
  badRequest: { en: 'Bad request', zh: '请求无效' },
  concurrencyRange: { en: '{label} must be a whole number from 1 to {max}', zh: '{label}必须是 1 到 {max} 之间的整数' },
  timezoneInvalid: {
    en: '{label} is not a known time zone (e.g. Asia/Shanghai)',
    zh: '{label}不是已知的时区（例如 Asia/Shanghai）',
  },
  internal: { en: 'Internal server error', zh: '服务器内部错误' },
  badPath: { en: 'Bad request path', zh: '请求路径不合法' },
  sessionExpired: {
    en: 'Login session has expired, please log in again',
    zh: '登录会话已过期，请重新登录',
  },
  unauthorized: { en: 'Please log in first', zh: '请先登录' },
  forbidden: { en: 'Forbidden', zh: '禁止访问' },
  tooManyRequests: { en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后再试' },
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
  // Default form messages (spec §5).
  required: { en: 'Please enter {label}', zh: '请输入{label}' },
  blank: { en: '{label} cannot be a blank character', zh: '{label}不能为空字符' },
  tooShort: { en: '{label} must be at least {min} characters', zh: '{label}至少 {min} 个字符' },
  tooLong: { en: '{label} must be up to {max} characters', zh: '{label}最多 {max} 个字符' },
  invalidType: { en: '{label} is not a valid {type}', zh: '{label}不是有效的{type}' },
} as const satisfies Record<string, Record<Language, string>>;
export type MessageKey = keyof typeof messages;

/** Field labels used inside form messages. Unknown fields are shown by their name. */
export const fieldLabels: Record<string, Record<Language, string>> = {
  cronConcurrency: { en: 'Task concurrency', zh: '任务并发数' },
  timezone: { en: 'Time zone', zh: '时区' },
  runLogLimitMb: { en: 'Run log limit (MB)', zh: '运行日志上限（MB）' },
  username: { en: 'username', zh: '用户名' },
  password: { en: 'password', zh: '密码' },
  confirmPassword: { en: 'confirm password', zh: '确认密码' },
  oldPassword: { en: 'current password', zh: '当前密码' },
  code: { en: 'verification code', zh: '验证码' },
  // Tasks (crons) and their views.
  name: { en: 'name', zh: '名称' },
  command: { en: 'command', zh: '命令' },
  schedule: { en: 'schedule', zh: '定时规则' },
  labels: { en: 'labels', zh: '标签' },
  extra_schedules: { en: 'extra schedules', zh: '附加定时' },
  log_name: { en: 'log name', zh: '日志名称' },
  work_dir: { en: 'working directory', zh: '工作目录' },
  task_before: { en: 'command before the task', zh: '执行前命令' },
  task_after: { en: 'command after the task', zh: '执行后命令' },
  sub_id: { en: 'subscription', zh: '订阅' },
  allow_multiple_instances: { en: 'instance mode', zh: '实例模式' },
  overlap_policy: { en: 'overlap policy', zh: '重叠策略' },
  catch_up_minutes: { en: 'catch-up window', zh: '补运行时限' },
  notify_policy: { en: 'notification policy', zh: '通知策略' },
  filters: { en: 'filters', zh: '筛选条件' },
  sorts: { en: 'sort order', zh: '排序' },
  filterRelation: { en: 'filter relation', zh: '筛选关系' },
  sorter: { en: 'sort order', zh: '排序' },
  queryString: { en: 'view query', zh: '视图查询' },
  log_path: { en: 'log path', zh: '日志路径' },
  // Environment variables and dependencies.
  value: { en: 'value', zh: '值' },
  remarks: { en: 'remarks', zh: '备注' },
  remark: { en: 'remark', zh: '备注' },
  type: { en: 'type', zh: '类型' },
  env: { en: 'file', zh: '文件' },
  dependenceProxy: { en: 'proxy', zh: '代理' },
  nodeMirror: { en: 'npm registry mirror', zh: 'Node 软件包镜像' },
  pythonMirror: { en: 'pip index mirror', zh: 'Python 软件包镜像' },
  linuxMirror: { en: 'Linux package mirror', zh: 'Linux 软件包镜像' },
  filename: { en: 'file name', zh: '文件名' },
  newFilename: { en: 'new file name', zh: '新文件名' },
  directory: { en: 'folder name', zh: '文件夹名' },
  path: { en: 'path', zh: '路径' },
  // Subscriptions.
  url: { en: 'link', zh: '链接' },
  branch: { en: 'branch', zh: '分支' },
  alias: { en: 'unique value', zh: '唯一值' },
  schedule_type: { en: 'schedule type', zh: '定时类型' },
  interval_schedule: { en: 'interval', zh: '定时间隔' },
  whitelist: { en: 'whitelist', zh: '白名单' },
  blacklist: { en: 'blacklist', zh: '黑名单' },
  dependences: { en: 'dependency files', zh: '依赖文件' },
  extensions: { en: 'file extensions', zh: '文件后缀' },
  pull_type: { en: 'pull method', zh: '拉取方式' },
  private_key: { en: 'private key', zh: '私钥' },
  sub_before: { en: 'command before the pull', zh: '执行前' },
  sub_after: { en: 'command after the pull', zh: '执行后' },
  proxy: { en: 'proxy', zh: '代理' },
};

/** Type names used by the 'is not a valid {type}' message. */
export const typeLabels: Record<string, Record<Language, string>> = {
  string: { en: 'string', zh: '字符串' },
  number: { en: 'number', zh: '数字' },
  integer: { en: 'integer', zh: '整数' },
  boolean: { en: 'boolean', zh: '布尔值' },
  array: { en: 'list', zh: '列表' },
  object: { en: 'object', zh: '对象' },
  pattern: { en: 'format', zh: '格式' },
};

export function formatMessage(key: MessageKey, lang: Language, params: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function labelOf(field: string, lang: Language): string {
  return fieldLabels[field]?.[lang] ?? field;
}
