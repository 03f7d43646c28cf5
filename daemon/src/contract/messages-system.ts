/** Messages of the update flow and the system pages (merged into messages.ts). */
export const systemMessages = {
  updateFailed: {
    en: 'Update failed, please check network and logs or try again later',
    zh: '更新失败，请检查网络及日志或稍后再试',
  },
  serviceStartupTimeout: { en: 'Service startup timeout', zh: '服务启动超时' },
  updateNoFeed: {
    en: 'No release feed is set: enter its URL under System Settings → Check for Updates',
    zh: '未设置发布源：请在 系统设置 → 检查更新 中填写发布源地址',
  },
  updateCheckFailed: {
    en: 'Could not read the release feed ({reason}); check the network and the feed URL',
    zh: '无法读取发布源（{reason}）；请检查网络和发布源地址',
  },
  updateBusy: { en: 'An update is already downloading', zh: '已有更新正在下载' },
  updateUpToDate: { en: 'There is no newer version to download', zh: '没有可下载的新版本' },
  updateDisabled: {
    en: 'Downloading updates is turned off (System Settings → Check for Updates)',
    zh: '已关闭下载更新（系统设置 → 检查更新）',
  },
  updateManagedImage: {
    en: 'This container is updated with its image (BAIHU_SELF_UPDATE=false): pull the newer image',
    zh: '此容器通过镜像更新（BAIHU_SELF_UPDATE=false）：请拉取新镜像',
  },
  updateIncompatible: {
    en: 'This version needs a newer container image ({needs}): pull the newest image',
    zh: '此版本需要更新的容器镜像（{needs}）：请拉取最新镜像',
  },
  restartUnsupervised: {
    en: "This panel is not run by the container's entrypoint, so it cannot restart itself: restart it the way it was started",
    zh: '此面板不是由容器入口脚本运行的，无法自行重启：请按启动它的方式重启',
  },
  updateFeedUrlInvalid: {
    en: '{label} must be an https URL (plain http only to a loopback address such as 127.0.0.1): whoever answers an http feed on the way could hand the panel code that runs as root',
    zh: '{label}必须是 https 地址（仅本机回环地址如 127.0.0.1 可用 http）：http 发布源可被途中任何人替换为以 root 身份运行的代码',
  },
} as const;
