/**
 * Qinglong 2.21's database.sqlite as Sequelize 6 creates it on SQLite: one table per model (names pluralised),
 * `id INTEGER PRIMARY KEY AUTOINCREMENT`, Sequelize's column types (STRING → VARCHAR(255), NUMBER → NUMBER,
 * BOOLEAN → TINYINT(1), JSON → JSON, DATE → DATETIME), `createdAt`/`updatedAt DATETIME NOT NULL`, composite unique
 * keys as `UNIQUE (…)`. Columns added by later releases come after, through `ALTER TABLE … ADD COLUMN`, as an
 * install upgraded over the years has them (Qinglong's own migrations do exactly that).
 */
const stamps = '`createdAt` DATETIME NOT NULL, `updatedAt` DATETIME NOT NULL';

export const createTables = [
  'CREATE TABLE IF NOT EXISTS `Crontabs` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `name` VARCHAR(255), ' +
    '`command` VARCHAR(255), `schedule` VARCHAR(255), `timestamp` VARCHAR(255), `saved` TINYINT(1), ' +
    '`status` NUMBER, `isSystem` NUMBER, `pid` NUMBER, `isDisabled` NUMBER, `isPinned` NUMBER, ' +
    '`log_path` VARCHAR(255), `labels` JSON, `last_running_time` NUMBER, `last_execution_time` NUMBER, ' +
    `${stamps}, UNIQUE (\`name\`, \`command\`, \`schedule\`))`,
  'CREATE TABLE IF NOT EXISTS `Dependences` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `name` VARCHAR(255), ' +
    `\`type\` NUMBER, \`timestamp\` VARCHAR(255), \`status\` NUMBER, \`log\` JSON, \`remark\` VARCHAR(255), ${stamps})`,
  'CREATE TABLE IF NOT EXISTS `Apps` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `name` VARCHAR(255), ' +
    `\`scopes\` JSON, \`client_id\` VARCHAR(255), \`client_secret\` VARCHAR(255), \`tokens\` JSON, ${stamps}, ` +
    'UNIQUE (`name`))',
  'CREATE TABLE IF NOT EXISTS `Auths` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `ip` VARCHAR(255), ' +
    `\`type\` VARCHAR(255), \`info\` JSON, ${stamps})`,
  'CREATE TABLE IF NOT EXISTS `Envs` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `value` VARCHAR(255), ' +
    '`timestamp` VARCHAR(255), `status` NUMBER, `position` NUMBER, `name` VARCHAR(255), `remarks` VARCHAR(255), ' +
    `${stamps}, UNIQUE (\`value\`, \`name\`))`,
  'CREATE TABLE IF NOT EXISTS `Subscriptions` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `name` VARCHAR(255), ' +
    '`url` VARCHAR(255), `schedule` VARCHAR(255), `interval_schedule` JSON, `type` VARCHAR(255), ' +
    '`whitelist` VARCHAR(255), `blacklist` VARCHAR(255), `status` NUMBER, `dependences` VARCHAR(255), ' +
    '`extensions` VARCHAR(255), `sub_before` VARCHAR(255), `sub_after` VARCHAR(255), `branch` VARCHAR(255), ' +
    '`pull_type` VARCHAR(255), `pull_option` JSON, `pid` NUMBER, `is_disabled` NUMBER, `log_path` VARCHAR(255), ' +
    `\`schedule_type\` VARCHAR(255), \`alias\` VARCHAR(255), ${stamps}, ` +
    'UNIQUE (`name`, `url`, `schedule`, `interval_schedule`), UNIQUE (`alias`))',
  'CREATE TABLE IF NOT EXISTS `CrontabViews` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `name` VARCHAR(255), ' +
    '`position` NUMBER, `isDisabled` NUMBER, `filters` JSON, `sorts` JSON, `filterRelation` VARCHAR(255), ' +
    `${stamps}, UNIQUE (\`name\`))`,
  // 2.21's statistics and run instances: present in a real install, not imported (run history stays behind).
  'CREATE TABLE IF NOT EXISTS `CrontabStats` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `ref_id` NUMBER, ' +
    '`date` VARCHAR(255), `run_count` NUMBER, `success_count` NUMBER, `fail_count` NUMBER, `total_time` NUMBER, ' +
    `\`max_time\` NUMBER, ${stamps}, UNIQUE (\`ref_id\`, \`date\`))`,
  'CREATE TABLE IF NOT EXISTS `RunningInstances` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `cron_id` NUMBER, ' +
    '`pid` NUMBER, `log_path` VARCHAR(255), `started_at` NUMBER, `finished_at` NUMBER, `exit_code` NUMBER, ' +
    `\`status\` NUMBER, ${stamps})`,
];

/** Qinglong's ad-hoc migrations, in the order releases added them. */
export const addedColumns = [
  'ALTER TABLE `CrontabViews` ADD COLUMN `type` NUMBER',
  'ALTER TABLE `Subscriptions` ADD COLUMN `proxy` VARCHAR(255)',
  'ALTER TABLE `Subscriptions` ADD COLUMN `autoAddCron` NUMBER',
  'ALTER TABLE `Subscriptions` ADD COLUMN `autoDelCron` NUMBER',
  'ALTER TABLE `Crontabs` ADD COLUMN `sub_id` NUMBER',
  'ALTER TABLE `Crontabs` ADD COLUMN `extra_schedules` JSON',
  'ALTER TABLE `Crontabs` ADD COLUMN `task_before` TEXT',
  'ALTER TABLE `Crontabs` ADD COLUMN `task_after` TEXT',
  'ALTER TABLE `Crontabs` ADD COLUMN `log_name` VARCHAR(255)',
  'ALTER TABLE `Crontabs` ADD COLUMN `allow_multiple_instances` NUMBER',
  'ALTER TABLE `Crontabs` ADD COLUMN `work_dir` VARCHAR(255)',
  'ALTER TABLE `Envs` ADD COLUMN `isPinned` NUMBER',
  'ALTER TABLE `Envs` ADD COLUMN `labels` JSON',
];

/** Keyv's @keyv/sqlite table, exactly as the adapter creates it. */
export const createKeyvTable = 'CREATE TABLE IF NOT EXISTS keyv(key VARCHAR(255) PRIMARY KEY, value TEXT )';

/** A date as Sequelize writes DATETIME on SQLite: `YYYY-MM-DD HH:mm:ss.SSS +00:00`. */
export function sequelizeDate(date: Date | string): string {
  const iso = (typeof date === 'string' ? new Date(date) : date).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} +00:00`;
}

/**
 * Keyv's default serialiser (json-buffer / @keyv/serialize): JSON, with a string that starts with ':' escaped by
 * one more ':' and buffers written as ':base64:…'. `{value, expires}` is what Keyv stores; Keyv 4 writes
 * `expires: null`, Keyv 5 leaves it out.
 */
export function keyvSerialize(value: unknown, keyv5 = false): string {
  const escape = (v: unknown): unknown => {
    if (Buffer.isBuffer(v)) return `:base64:${v.toString('base64')}`;
    if (typeof v === 'string') return v.startsWith(':') ? `:${v}` : v;
    if (Array.isArray(v)) return v.map(escape);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, escape(x)]));
    return v;
  };
  return JSON.stringify(keyv5 ? { value: escape(value) } : { value: escape(value), expires: null });
}
