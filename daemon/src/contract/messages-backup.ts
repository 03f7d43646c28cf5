import type { Language } from './i18n.ts';

/**
 * The messages of backup, restore and log deletion (contract/backup.ts). A refused restore says why and that nothing
 * was changed. Part of the one catalogue in messages.ts.
 */
export const backupMessages = {
  backupBusy: {
    en: 'A backup is already running; wait for it to finish',
    zh: '已有备份正在进行，请等待其完成',
  },
  backupNoSpace: {
    en: 'Not enough free disk space for the backup: about {need} MB are needed and {free} MB are free',
    zh: '磁盘剩余空间不足以完成备份：约需 {need} MB，当前剩余 {free} MB',
  },
  backupFailed: {
    en: 'The backup failed: {detail}',
    zh: '备份失败：{detail}',
  },
  restoreNoFile: {
    en: 'Choose a backup file (.tgz) to upload',
    zh: '请选择要上传的备份文件（.tgz）',
  },
  restoreNotGzip: {
    en: 'The file is not a gzip-compressed tar archive (.tgz); nothing was changed',
    zh: '该文件不是 gzip 压缩的 tar 归档（.tgz），未做任何更改',
  },
  restoreCorrupt: {
    en: 'The archive is damaged ({detail}); nothing was changed',
    zh: '归档已损坏（{detail}），未做任何更改',
  },
  restoreTruncated: {
    en: 'The archive is incomplete: it ends in the middle (a download or copy that did not finish); nothing was changed',
    zh: '归档不完整：在中途结束（下载或复制未完成），未做任何更改',
  },
  restorePathOutside: {
    en: 'The archive holds a path that leaves the data folder ({path}); nothing was changed',
    zh: '归档中有指向数据目录之外的路径（{path}），未做任何更改',
  },
  restoreLink: {
    en: 'The archive holds a link ({path}); links are never restored, nothing was changed',
    zh: '归档中有链接（{path}），链接一律不予恢复，未做任何更改',
  },
  restoreSpecialFile: {
    en: 'The archive holds a device or special file ({path}); nothing was changed',
    zh: '归档中有设备文件或特殊文件（{path}），未做任何更改',
  },
  restoreDuplicate: {
    en: 'The archive holds {path} more than once; nothing was changed',
    zh: '归档中 {path} 出现了不止一次，未做任何更改',
  },
  restoreForeign: {
    en: 'This is not a Baihu or Qinglong backup ({path} does not belong in one); nothing was changed',
    zh: '这不是白虎或青龙的备份（{path} 不属于备份内容），未做任何更改',
  },
  restoreNoBackup: {
    en: 'This is not a Baihu or Qinglong backup: it has neither a Baihu manifest nor a Qinglong database; nothing was changed',
    zh: '这不是白虎或青龙的备份：既没有白虎的清单，也没有青龙的数据库，未做任何更改',
  },
  restoreFileTooLarge: {
    en: '{path} is larger than the {max} MB a file may be; nothing was changed',
    zh: '{path} 超过单个文件的上限 {max} MB，未做任何更改',
  },
  restoreTooLarge: {
    en: 'The archive unpacks to more than {max} MB, the most a restore may unpack; nothing was changed',
    zh: '归档解压后超过恢复可解压的上限 {max} MB，未做任何更改',
  },
  restoreNoSpace: {
    en: 'The archive unpacks to more than the free disk space allows ({max} MB, less a reserve); nothing was changed',
    zh: '归档解压后超出磁盘剩余空间（{max} MB，已扣除预留空间），未做任何更改',
  },
  restoreWriteFailed: {
    en: 'The archive could not be unpacked ({detail}); nothing was changed',
    zh: '无法解压归档（{detail}），未做任何更改',
  },
  restoreTooManyEntries: {
    en: 'The archive holds more than {max} entries; nothing was changed',
    zh: '归档中的条目超过 {max} 个，未做任何更改',
  },
  restoreChecksum: {
    en: 'The checksum of {path} does not match the manifest: the archive is damaged; nothing was changed',
    zh: '{path} 的校验和与清单不符，归档已损坏，未做任何更改',
  },
  restoreSizeMismatch: {
    en: '{path} is {actual} bytes but the manifest says {expected}: the archive is damaged; nothing was changed',
    zh: '{path} 为 {actual} 字节，清单记录为 {expected} 字节，归档已损坏，未做任何更改',
  },
  restoreMissingFile: {
    en: 'The manifest lists {path}, which is not in the archive; nothing was changed',
    zh: '清单中列出的 {path} 不在归档中，未做任何更改',
  },
  restoreUnlisted: {
    en: '{path} is in the archive but not in its manifest; nothing was changed',
    zh: '{path} 在归档中，但不在清单里，未做任何更改',
  },
  restoreManifestInvalid: {
    en: "The backup's manifest cannot be read ({detail}); nothing was changed",
    zh: '无法读取备份清单（{detail}），未做任何更改',
  },
  restoreFormatNewer: {
    en: 'This backup was written by a newer Baihu ({version}, format {format}); update Baihu first. Nothing was changed',
    zh: '该备份由更新版本的白虎（{version}，格式 {format}）创建，请先升级白虎。未做任何更改',
  },
  restoreDatabaseNewer: {
    en: "The backup's database comes from a newer Baihu ({version}); update Baihu first. Nothing was changed",
    zh: '备份中的数据库来自更新版本的白虎（{version}），请先升级白虎。未做任何更改',
  },
  restoreDatabaseInvalid: {
    en: "The backup's database cannot be used ({detail}); nothing was changed",
    zh: '备份中的数据库无法使用（{detail}），未做任何更改',
  },
  restoreDatabaseSchema: {
    en: "The backup's database has tables, indexes, views or triggers that Baihu's migrations do not make ({detail}): it was changed outside Baihu and is refused; nothing was changed",
    zh: '备份中的数据库有白虎的迁移不会生成的表、索引、视图或触发器（{detail}）：它在白虎之外被改动过，已拒绝。未做任何更改',
  },
  restoreBusy: {
    en: 'Another restore is being checked or waits for the restart; cancel it first',
    zh: '另一个恢复正在校验或等待重启，请先取消它',
  },
  restoreNotStaged: {
    en: 'There is no checked backup waiting to be restored; upload it again',
    zh: '没有已校验、等待恢复的备份，请重新上传',
  },
  restoreQinglongUnavailable: {
    en: 'This is a Qinglong backup. Importing one needs the Qinglong import, which this version does not have yet; nothing was changed',
    zh: '这是青龙的备份。导入它需要青龙数据导入功能，当前版本尚未提供，未做任何更改',
  },
  restoreDaemonRunning: {
    en: 'The daemon is running; the restore is checked and waits for its restart',
    zh: '守护进程正在运行，恢复已校验，将在其重启时进行',
  },
  runHistoryLimitRange: {
    en: '{label} must be a whole number from 0 to {max} (0 = no limit)',
    zh: '{label}必须是 0 到 {max} 之间的整数（0 表示不限）',
  },
  logRemoveFrequencyRange: {
    en: '{label} must be a whole number of days from 0 to {max} (0 = off)',
    zh: '{label}必须是 0 到 {max} 之间的整数天数（0 表示关闭）',
  },
} as const satisfies Record<string, Record<Language, string>>;
