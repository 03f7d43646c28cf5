import type { Language } from './i18n.ts';

/** Messages of applications, the open API and the run's own API (QLAPI), in both languages. */
export const appMessages = {
  appNameReserved: {
    en: '"{name}" is a reserved name; choose another name for the application',
    zh: '“{name}”是保留名称，请为应用换一个名称',
  },
  appNameTaken: { en: 'An application with this name already exists', zh: '已存在同名应用' },
  appCredentialsInvalid: {
    en: 'client_id or client_secret is incorrect',
    zh: 'client_id 或 client_secret 有误',
  },
  appTokenInvalid: {
    en: 'The token is unknown, expired or revoked: request a new one at /open/auth/token',
    zh: '令牌无效、已过期或已被撤销，请通过 /open/auth/token 重新获取',
  },
  appScopeMissing: {
    en: 'This token has no permission for "{scope}"; add the permission to the application in System Settings → Applications',
    zh: '此令牌没有“{scope}”权限，请在 系统设置 → 应用设置 中为应用添加该权限',
  },
  openNotServed: {
    en: 'Not Found: applications cannot reach this part of the API',
    zh: '未找到：应用无法访问这部分接口',
  },
  commandNotFound: { en: 'No running command matches', zh: '任务未找到' },
  commandRequired: { en: 'Give the command or the pid to stop', zh: '参数错误：请提供 command 或 pid' },
} as const satisfies Record<string, Record<Language, string>>;
