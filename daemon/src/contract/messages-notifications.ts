/** The notifications the panel itself sends, in both languages (merged into messages.ts). Plain text, filled by formatMessage. */
export const notifyMessages = {
  testTitle: { en: 'Baihu test notification', zh: '白虎通知测试' },
  testContent: {
    en: 'If you can read this, notifications are set up correctly.',
    zh: '收到这条消息，说明通知已设置成功。',
  },
  loginTitle: { en: 'Sign-in notice', zh: '登录通知' },
  loginSuccess: {
    en: 'Signed in successfully at {time} from {address} ({ip}) on {device}, {platform}.',
    zh: '你于 {time} 在 {address}（IP {ip}）使用 {device}（{platform}端）登录成功。',
  },
  loginFailure: {
    en: 'A sign-in failed at {time} from {address} ({ip}) on {device}, {platform}.',
    zh: '有人于 {time} 在 {address}（IP {ip}）使用 {device}（{platform}端）登录失败。',
  },
  taskFailedTitle: { en: 'Task failed: {name}', zh: '任务失败：{name}' },
  taskFailedContent: {
    en: 'Exit code {code}, ran {duration}.',
    zh: '退出码 {code}，运行 {duration}。',
  },
  taskRecoveredTitle: { en: 'Task recovered: {name}', zh: '任务恢复：{name}' },
  taskRecoveredContent: {
    en: 'Succeeded after a failure, ran {duration}.',
    zh: '失败后已再次成功，运行 {duration}。',
  },
  taskSucceededTitle: { en: 'Task succeeded: {name}', zh: '任务成功：{name}' },
  taskSucceededContent: { en: 'Ran {duration}.', zh: '运行 {duration}。' },
  subscriptionTitle: { en: 'Subscription updated: {name}', zh: '订阅已更新：{name}' },
  subscriptionContent: {
    en: 'Tasks added: {added}\nTasks removed: {removed}',
    zh: '新增任务：{added}\n删除任务：{removed}',
  },
  dependencyFailedTitle: { en: 'Dependency install failed: {name}', zh: '依赖安装失败：{name}' },
  dependencyFailedContent: { en: '{type} package {name} could not be installed.', zh: '{type} 依赖 {name} 安装失败。' },
  updateTitle: { en: 'Baihu {version} is available', zh: '白虎 {version} 已发布' },
  updateContent: { en: 'You are running {current}.', zh: '当前版本 {current}。' },
  deliveryFailed: { en: 'Notification not delivered ({channel}): {reason}', zh: '通知未送达（{channel}）：{reason}' },
  platformDesktop: { en: 'desktop', zh: '电脑' },
  platformMobile: { en: 'mobile', zh: '手机' },
  none: { en: 'none', zh: '无' },
} as const;

/** How long a run took, as a notification says it: `1.2 s`, `3 min 4 s`. */
export function durationText(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}
