/**
 * What the run wrapper (shell/run-task.sh) does besides the command, decided here from the files' text, cached
 * until a file changes, rather than by bash on every run (bash spends ≈140 instructions on each byte it reads,
 * comments included, and ≈15,000 on each command): config.sh, task_before.sh and task_after.sh are sourced only when
 * they have a line that is not blank or a comment (the shipped hooks are only comments), and the environment is
 * fitted after config.sh only when config.sh can change it (config-sh.ts).
 */
import path from 'node:path';
import { mayChangeEnvironment, type ConfigShReader } from './config-sh.ts';
import { ScannedFile } from './scanned-file.ts';

/** Whether a shell file has a line that is not blank or a comment: one that sourcing it could run. */
export function hasCommands(text: string): boolean {
  return text.split('\n').some((line) => {
    const trimmed = line.trim();
    return trimmed !== '' && !trimmed.startsWith('#');
  });
}

export class WrapperSteps {
  private readonly before: ScannedFile<boolean>;
  private readonly after: ScannedFile<boolean>;

  constructor(
    configDir: string,
    private readonly config: ConfigShReader,
  ) {
    this.before = new ScannedFile(path.join(configDir, 'task_before.sh'), hasCommands, true);
    this.after = new ScannedFile(path.join(configDir, 'task_after.sh'), hasCommands, true);
  }

  /** The wrapper's BAIHU_SOURCE and BAIHU_CONFIG_FIT for a run given `env`; `hooks: false` leaves the hooks out. */
  forRun(env: Readonly<Record<string, string>>, { hooks = true } = {}): { source: string; fit: boolean } {
    const text = this.config.text();
    const config = text?.commands === true;
    const source = [
      config && 'config',
      hooks && this.before.value() && 'before',
      hooks && this.after.value() && 'after',
    ];
    return {
      source: source.filter((step) => step).join(' '),
      fit: config && mayChangeEnvironment(text, env),
    };
  }
}
