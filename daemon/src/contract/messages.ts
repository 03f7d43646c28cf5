import type { Language } from './i18n.ts';
import { backupMessages } from './messages-backup.ts';

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
  // Moving in from Qinglong: what stops an import (nothing is changed), and why an item is left out or changed.
  importSourceMissing: {
    en: 'No Qinglong data folder at {path}: there is no db/database.sqlite in it or in its data/ folder',
    zh: '{path} 不是青龙数据目录：其中及其 data/ 下都没有 db/database.sqlite',
  },
  importDatabaseCorrupt: {
    en: '{file} cannot be read as a SQLite database ({detail}); nothing was changed',
    zh: '{file} 无法作为 SQLite 数据库读取（{detail}），未做任何更改',
  },
  importDatabaseForeign: {
    en: '{file} is not a Qinglong database (missing tables: {tables}); nothing was changed',
    zh: '{file} 不是青龙的数据库（缺少表：{tables}），未做任何更改',
  },
  importKeyvUnreadable: {
    en: 'db/keyv.sqlite cannot be read ({detail}); the account is taken from the older records instead',
    zh: '无法读取 db/keyv.sqlite（{detail}），改用旧版记录中的账户',
  },
  importAccountDefault: {
    en: 'The account was never set up on Qinglong; create one in Baihu',
    zh: '青龙中尚未设置账户，请在白虎中创建',
  },
  importAccountMissing: { en: 'No account was found in the source', zh: '来源中没有找到账户' },
  importAccountHashUnknown: {
    en: 'The password is stored in a form Baihu cannot check; set a new one with "ql resetpwd"',
    zh: '密码的存储格式白虎无法校验，请用 “ql resetpwd” 设置新密码',
  },
  importPasswordShort: {
    en: 'The old password is shorter than {min} characters; it still signs in, but please change it',
    zh: '原密码少于 {min} 个字符，仍可登录，但请尽快修改',
  },
  importTwoFactorKept: {
    en: 'Two-factor sign-in stays on with the same authenticator app',
    zh: '两步验证保持开启，继续使用原来的验证器应用',
  },
  importTwoFactorDropped: {
    en: 'The two-factor key cannot be read; two-factor sign-in is off until you set it up again',
    zh: '无法读取两步验证密钥，重新设置前两步验证处于关闭状态',
  },
  importSystemTask: {
    en: "Qinglong's own maintenance task; Baihu does this itself",
    zh: '青龙自带的维护任务，白虎会自行处理',
  },
  importSystemApp: {
    en: "Qinglong's built-in application for its own commands; Baihu does not need it",
    zh: '青龙供自身命令使用的内置应用，白虎不需要',
  },
  importDuplicate: {
    en: 'It appears more than once in the source; the first one is imported',
    zh: '来源中重复出现，只导入第一个',
  },
  importFieldDropped: {
    en: '{label} is left out: {why}',
    zh: '{label}未导入：{why}',
  },
  importNameDerived: {
    en: 'The task had no name; it is named after its command',
    zh: '该任务没有名称，已按命令命名',
  },
  importSubscriptionMissing: {
    en: 'It belonged to subscription {id}, which no longer exists; it is imported on its own',
    zh: '它所属的订阅 {id} 已不存在，将作为独立任务导入',
  },
  importDependencyRemoved: {
    en: 'It was being removed on Qinglong',
    zh: '它在青龙中正被删除',
  },
  importDependencySplit: {
    en: 'Several packages in one entry are imported as {count} dependencies',
    zh: '一个条目中的多个包将作为 {count} 个依赖导入',
  },
  importScopesDropped: {
    en: 'Unknown permissions are left out: {scopes}',
    zh: '未知的权限未导入：{scopes}',
  },
  importSecretReissued: {
    en: 'A new client secret is issued and shown once; clients using the old one must be updated',
    zh: '将签发新的 Client Secret 并只显示一次，使用旧密钥的客户端需要更新',
  },
  importChannelMissing: {
    en: 'Baihu has no "{channel}" notification channel yet; choose another channel in settings',
    zh: '白虎暂不支持“{channel}”通知方式，请在设置中选择其他方式',
  },
  importChannelInvalid: {
    en: 'The "{channel}" settings are incomplete or invalid: {fields}',
    zh: '“{channel}”通知设置不完整或无效：{fields}',
  },
  importSettingUnsupported: {
    en: 'Baihu has no such setting yet; the value is kept for when it does',
    zh: '白虎暂无此设置，已保留该值以备后用',
  },
  importSettingInvalid: {
    en: '{label} "{value}" is not valid here',
    zh: '{label}“{value}”在此无效',
  },
  importNotifyLibraryStock: {
    en: "{file} is Qinglong's library as shipped; Baihu's (same calls) takes its place and the old file goes to bak/",
    zh: '{file} 是青龙自带的原版库，将由白虎的同名库（调用方式相同）替换，旧文件移至 bak/',
  },
  importNotifyLibraryKept: {
    en: "{file} was changed on Qinglong ({evidence}); it is kept as it is, and Baihu's library can be imported as {baihuName}",
    zh: '{file} 在青龙中被修改过（{evidence}），将原样保留；白虎的库可通过 {baihuName} 引用',
  },
  importNotifyLibraryForeign: {
    en: "{file} is not Qinglong's library; it is kept as it is, and Baihu's library can be imported as {baihuName}",
    zh: '{file} 不是青龙的通知库，将原样保留；白虎的库可通过 {baihuName} 引用',
  },
  importNotifyLibraryCopies: {
    en: 'Copies of sendNotify.js / notify.py inside subscription folders ({count}) are kept as they are',
    zh: '订阅目录中的 sendNotify.js / notify.py 副本（{count} 份）将原样保留',
  },
  importAdoptInPlace: {
    en: "The folder is already Baihu's data folder: its files stay where they are",
    zh: '该目录已是白虎的数据目录，文件保持原位',
  },
  ...backupMessages,
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
} as const satisfies Record<string, Record<Language, string>>;
export type MessageKey = keyof typeof messages;

/** Field labels used inside form messages. Unknown fields are shown by their name. */
export const fieldLabels: Record<string, Record<Language, string>> = {
  // The body itself (a bare list such as Qinglong's batch body `[1, 2]`), and the ids of `{ids, ...}` bodies.
  '': { en: 'request body', zh: '请求内容' },
  ids: { en: 'ids', zh: 'ID 列表' },
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
  // Moving in from Qinglong.
  scopes: { en: 'permissions', zh: '权限' },
  logRemoveFrequency: { en: 'log deletion frequency', zh: '日志删除频率' },
  panelTitle: { en: 'panel title', zh: '面板标题' },
  globalSshKey: { en: 'global SSH key', zh: '全局 SSH 密钥' },
  lang: { en: 'language', zh: '语言' },
  twoFactor: { en: 'two-factor sign-in', zh: '两步验证' },
  // Notification local-network targets.
  allowed: { en: 'allowed addresses', zh: '允许的地址' },
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
