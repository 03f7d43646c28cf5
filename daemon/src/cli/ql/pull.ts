/**
 * `ql repo` and `ql raw`: the running daemon creates (or finds, by its alias) the subscription the panel makes from
 * the same command and pulls it now; this follows the pull's log. On Qinglong these commands are the pull itself,
 * and tasks carried over still run them, so they keep Qinglong's argument order.
 */
import type { LocalRunQueued } from '../../contract/local.ts';
import { LocalClient } from '../local-client.ts';
import { CliError, ExitCode, usageError, type QlCommand, type QlContext } from './command.ts';

export async function pullFromShell(kind: 'repo' | 'raw', args: string[], context: QlContext, command: QlCommand) {
  if (args.length === 0 || (args[0] ?? '').trim() === '') throw usageError(context, command);
  const client = LocalClient.for(context.config);
  const queued = await client.request<LocalRunQueued>('POST', '/local/subscriptions/pull', { command: kind, args });
  if (!queued.ok) {
    throw new CliError(
      queued.down
        ? context.t({
            en: `Baihu's daemon is not running (no answer at ${client.base}: ${queued.message}). Start it, then run this again: the daemon pulls subscriptions.`,
            zh: `白虎守护进程未运行（${client.base} 无应答：${queued.message}）。请先启动它再运行此命令：订阅由守护进程拉取。`,
          })
        : queued.message,
    );
  }
  const { runId, refId } = queued.data;
  if (runId === null) {
    context.out(
      context.t({
        en: `Subscription ${refId}: a pull already waits; it will run after the current one.`,
        zh: `订阅 ${refId}：已有一次拉取在等待，将在当前拉取之后运行。`,
      }),
    );
    return ExitCode.ok;
  }
  const stop = () => void client.request('PUT', `/local/runs/${runId}/stop`);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  const run = await client.follow(runId, (chunk) => process.stdout.write(chunk));
  if (run?.end === 'success') return ExitCode.ok;
  if (run?.message) context.err(run.message);
  return ExitCode.failed;
}
