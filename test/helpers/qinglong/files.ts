/**
 * The files of a Qinglong data directory: config files, the user's own sendNotify.js, a notify.py in Qinglong's
 * shape that stands for a stock release (written here, not copied: its hash is passed as a stock one through
 * `withFixtureStock` where a test needs it), scripts in folders, a subscription's git checkout, raw
 * files, logs, shared deps, SSH keys and an avatar.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sha256Of, type StockLibraryHashes } from '../../../daemon/src/notifications/stock-libraries.ts';
import { privateKey } from './rows.ts';

export const configSh = `## Qinglong config.sh
AutoDelCron="true"
AutoAddCron="true"
DefaultCronRule=""
RepoFileExtensions="js mjs py pyc"
RandomDelay="300"
RandomDelayFileExtensions=""
RandomDelayIgnoredMinutes="0 30"
CommandTimeoutTime=""
export PUSH_KEY="SCT-config-sh"
export BARK_PUSH=""
export TG_BOT_TOKEN=""
export MY_OWN_VAR='中文 value'
`;

/** A user's sendNotify.js in Qinglong's shape with a key written into it. */
export const editedSendNotify = `/*
 * sendNotify (edited by the user: server酱 key written in)
 */
let PUSH_KEY = 'SCT123456userkey';
let BARK_PUSH = '';
let BARK_ICON = 'https://qn.whyour.cn/logo.png';
if (process.env.PUSH_KEY) PUSH_KEY = process.env.PUSH_KEY;
if (process.env.BARK_PUSH) BARK_PUSH = \`https://api.day.app/\${process.env.BARK_PUSH}\`;
async function sendNotify(text, desp, params = {}) {
  console.log(text, desp, params, PUSH_KEY, BARK_PUSH, BARK_ICON);
}
module.exports = { sendNotify };
`;

/**
 * A sendNotify.js the user wrote: it exports `sendNotify` as Qinglong's does and fills in no setting, so only its
 * content tells it from a release. Scripts that `require('./sendNotify')` must still reach it.
 */
export const ownSendNotify = `// my own notifier: prints instead of pushing
async function sendNotify(text, desp) {
  console.log('own sendNotify: ' + text + ' | ' + desp);
}
module.exports = { sendNotify };
`;

/**
 * notify.py in Qinglong's shape with every setting empty, and a default the release ships filled in
 * (SMTP_SERVER), which a guess by shape would take for the user's setting.
 */
export const stockNotifyPy = `#!/usr/bin/env python3
# _*_ coding:utf-8 _*_
import os

push_config = {
    'HITOKOTO': True,
    'SMTP_SERVER': 'smtp.exmail.qq.com:465',
    'BARK_PUSH': '',
    'BARK_GROUP': 'QingLong',
    'CONSOLE': True,
    'PUSH_KEY': '',
    'SMTP_SSL': 'false',
    'TG_API_HOST': '',
}
for k in push_config:
    if os.getenv(k):
        push_config[k] = os.getenv(k)


def send(title: str, content: str, ignore_default_config: bool = False, **kwargs) -> None:
    print(f"{title}\\n\\n{content}")
`;

function write(root: string, file: string, content: string | Buffer, mode?: number): void {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  if (mode !== undefined) chmodSync(target, mode);
}

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'ql',
  GIT_AUTHOR_EMAIL: 'ql@example.com',
  GIT_COMMITTER_NAME: 'ql',
  GIT_COMMITTER_EMAIL: 'ql@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
};

export function writeDataFiles(dataDir: string, options: { minimal: boolean; authJson: unknown }): void {
  write(dataDir, 'config/config.sh', configSh);
  if (options.authJson !== undefined) write(dataDir, 'config/auth.json', JSON.stringify(options.authJson));
  if (options.minimal) return;
  write(
    dataDir,
    'config/extra.sh',
    '#!/usr/bin/env bash\n## 添加你需要重启自动执行的任意命令\nql repo https://github.com/x/y.git "jd_" "" "utils"\n',
  );
  write(dataDir, 'config/task_before.sh', '#!/usr/bin/env bash\n# before every task\nexport FROM_TASK_BEFORE=1\n');
  write(dataDir, 'config/task_after.sh', '#!/usr/bin/env bash\n');
  write(dataDir, 'config/token.json', JSON.stringify({ value: 'system-token', expiration: 1999999999 }));
  write(dataDir, 'config/crontab.list', '5 0 6 * * * ID=1 task shufflewzc_faker2_main/jd_sign.js\n');
  write(dataDir, 'config/grpc/server.key', 'not a real key');
  write(dataDir, 'scripts/sendNotify.js', ownSendNotify);
  write(dataDir, 'scripts/notify.py', stockNotifyPy);
  write(dataDir, 'scripts/folder/x.py', 'print("x")\n');
  write(dataDir, 'scripts/中文目录/脚本.js', "console.log('你好');\n");
  write(dataDir, 'scripts/shufflewzc_faker2_main/jd_sign.js', "// cron: 5 0 6 * * *\nconst $ = new Env('JD 签到');\n");
  write(dataDir, 'scripts/shufflewzc_faker2_main/sendNotify.js', editedSendNotify);
  write(dataDir, 'scripts/raw_jd_bean.js', "console.log('bean');\n");
  const repo = path.join(dataDir, 'repo', 'shufflewzc_faker2_main');
  write(repo, 'jd_sign.js', "// cron: 5 0 6 * * *\nconst $ = new Env('JD 签到');\n");
  execFileSync('git', ['init', '-q', '-b', 'main', repo], { env: gitEnv });
  execFileSync('git', ['add', '-A'], { cwd: repo, env: gitEnv });
  execFileSync('git', ['commit', '-q', '-m', 'init'], { cwd: repo, env: gitEnv });
  write(dataDir, 'raw/jd_bean.js', "console.log('bean');\n");
  write(
    dataDir,
    'log/shufflewzc_faker2_main_jd_sign_1/2025-03-01-06-00-05-001.log',
    '## 开始执行... 2025-03-01 06:00:05\nok\n',
  );
  write(dataDir, 'log/boot_4/2025-03-01-05-33-20-000.log', '## 开始执行... 2025-03-01 05:33:20\nbooted\n');
  write(dataDir, 'log/shufflewzc_faker2_main/2025-03-01-06-00-00.log', 'pulled\n');
  write(dataDir, 'deps/utils.js', 'module.exports = {};\n');
  write(dataDir, 'ssh.d/me_secret-scripts', privateKey, 0o400);
  write(
    dataDir,
    'ssh.d/me_secret-scripts.config',
    'Host me_secret-scripts\n  Hostname github.com\n  IdentityFile /ql/data/ssh.d/me_secret-scripts\n  StrictHostKeyChecking no\n',
  );
  write(dataDir, 'upload/avatar.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  write(dataDir, 'syslog/2025-03-01.log', 'qinglong system log\n');
}

/** A list of stock releases (the shipped one) with the fixture's notify.py added as one of them. */
export function withFixtureStock(shipped: StockLibraryHashes): StockLibraryHashes {
  return { ...shipped, 'notify.py': new Set([...shipped['notify.py'], sha256Of(stockNotifyPy)]) };
}
