/** Every `ql` subcommand, in the order `ql help` lists them. A new one: its file in this folder and one line here. */
import { backup, restore } from './backup.ts';
import { bot } from './bot.ts';
import { check } from './check.ts';
import type { QlCommand } from './command.ts';
import { extra } from './extra.ts';
import { importQinglongCommand } from './import-qinglong.ts';
import { raw } from './raw.ts';
import { reload } from './reload.ts';
import { repo } from './repo.ts';
import { update } from './update.ts';
import { resetlet, resettfa } from './account-resets.ts';
import { resetname } from './resetname.ts';
import { resetpwd } from './resetpwd.ts';
import { rmlog } from './rmlog.ts';

export const qlCommands: readonly QlCommand[] = [
  update,
  reload,
  extra,
  repo,
  raw,
  rmlog,
  check,
  resetlet,
  resettfa,
  resetpwd,
  resetname,
  importQinglongCommand,
  backup,
  restore,
  bot,
];
