/**
 * `task` typed inside a running task — a part of a chain (`task a.sh && task b.py`), or a script that runs `task` —
 * runs its script right here, inside that run, as each `task` of a Qinglong command line does: with the run's
 * environment as it is (the panel's variables, the run's token and so QLAPI, what config.sh exported), its output in
 * the run's log (between its own start and end lines) and its exit code the command's. No run is queued: this part
 * carries the run's marker and is one of the run's processes, so the run's stop and timeout reach it.
 */
import type { Config } from '../config/config.ts';
import type { Language } from '../contract/i18n.ts';
import { launchDirect } from '../jobs/executor/launch.ts';
import { ProcessRunner } from '../jobs/executor/process-runner.ts';
import { dataPaths } from '../config/paths.ts';
import { exitCodeOf } from './local-client.ts';

/** The run a process belongs to (the marker every process of a run carries), or undefined outside a run. */
export const enclosingRun = (env: NodeJS.ProcessEnv = process.env): string | undefined => env.BAIHU_RUN_ID || undefined;

export async function runInline(config: Config, command: string, lang: Language, marker: string): Promise<number> {
  const runner = new ProcessRunner({
    paths: dataPaths(config.dataDir),
    variables: async () => [],
    daemonEnv: process.env,
    within: process.env,
    language: () => lang,
    // The run's own reaper already adopts whatever this part leaves behind; the daemon's starter is not ours. The
    // part reads this command's stdin: `task a.js | task b.py` pipes one script into the other, as bash would.
    reaper: null,
    launcher: (spec) => launchDirect(spec, { stdin: 'inherit' }),
  });
  const handle = await runner.start({
    command,
    logFile: null,
    // The run's random delay, if any, was its own; a part of it starts when its turn in the line comes.
    manual: true,
    title: command,
    marker,
    sink: { data: (chunk) => process.stdout.write(chunk), end: () => {} },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void handle.stop());
  return exitCodeOf(await handle.finished);
}
