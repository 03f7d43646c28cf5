import type { Language } from './i18n.ts';

/**
 * The messages of moving in from Qinglong (contract/import.ts): what stops an import (nothing is changed), and why an
 * item is left out or changed. Part of the one catalogue in messages.ts.
 */
export const importMessages = {
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
    en: 'Keeps its client ID {clientId}; a new client secret is issued and shown once: update the clients of this application with it',
    zh: '保留其 Client ID {clientId}；将签发新的 Client Secret 并只显示一次：请用它更新此应用的客户端',
  },
  importClientIdReissued: {
    en: 'Its client ID {clientId} could not be kept (another application has it, or it is not valid here): update the clients of this application with the new client ID and secret',
    zh: '无法保留其 Client ID {clientId}（已被其他应用使用或在此无效）：请用新的 Client ID 和 Client Secret 更新此应用的客户端',
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
    en: "{file} is Qinglong's library as a release shipped it; Baihu's (same calls) takes its place and the old file goes to bak/",
    zh: '{file} 是青龙某个版本自带的原版库，将由白虎的同名库（调用方式相同）替换，旧文件移至 bak/',
  },
  importNotifyLibraryKept: {
    en: "{file} was changed on Qinglong ({evidence}); it is kept and scripts that require it get it, and Baihu's library is beside it as {baihuName}",
    zh: '{file} 在青龙中被修改过（{evidence}），将保留并继续供引用它的脚本使用；白虎的库放在旁边，名为 {baihuName}',
  },
  importNotifyLibraryChanged: {
    en: "{file} matches none of Qinglong's releases; it is kept and scripts that require it get it, and Baihu's library is beside it as {baihuName}",
    zh: '{file} 与青龙的任何版本都不一致，将保留并继续供引用它的脚本使用；白虎的库放在旁边，名为 {baihuName}',
  },
  importNotifyLibraryForeign: {
    en: "{file} is not Qinglong's library; it is kept and scripts that require it get it, and Baihu's library is beside it as {baihuName}",
    zh: '{file} 不是青龙的通知库，将保留并继续供引用它的脚本使用；白虎的库放在旁边，名为 {baihuName}',
  },
  importNotifyLibraryCopies: {
    en: 'Copies of sendNotify.js / notify.py inside subscription folders ({count}) are kept as they are',
    zh: '订阅目录中的 sendNotify.js / notify.py 副本（{count} 份）将原样保留',
  },
  importAdoptInPlace: {
    en: "The folder is already Baihu's data folder: its files stay where they are",
    zh: '该目录已是白虎的数据目录，文件保持原位',
  },
  importAlreadyPresent: {
    en: 'Already in Baihu (an earlier import brought it): left as it is',
    zh: '白虎中已存在（之前的导入已带入），保持不变',
  },
  importAccountKept: {
    en: "Baihu already has an account: it stays (choose to use Qinglong's account to replace it)",
    zh: '白虎已有账户，保持不变（如需使用青龙的账户替换，请勾选相应选项）',
  },
  importAccountReplaced: {
    en: "The account is now Qinglong's: sign in with its username and password",
    zh: '账户已替换为青龙的账户，请使用其用户名和密码登录',
  },
  importWriteFailed: {
    en: 'Could not be written: {detail}',
    zh: '无法写入：{detail}',
  },
  importConfigKept: {
    en: "Baihu's {file} was already edited: it stays, and Qinglong's is copied beside it as {copy}",
    zh: '白虎的 {file} 已被修改过，将保持不变；青龙的版本已复制为 {copy}',
  },
  importBusy: {
    en: 'An import is already running; wait for it to end',
    zh: '已有导入正在进行，请等待其结束',
  },
  importDependencyQueued: {
    en: 'Queued for install (follow it on the Dependencies page)',
    zh: '已加入安装队列（可在依赖管理页查看进度）',
  },
} as const satisfies Record<string, Record<Language, string>>;
