import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { RunEnd } from '../../contract/enums.ts';
import type { TaskNotifyPolicy } from '../../contract/notifications.ts';
import type { Notifier } from '../../notifications/notifier.ts';
import { dependsOnPrevious, RunOutcome } from '../../notifications/task-policy.ts';
import type { TaskRunEnd } from './runs.ts';

/** How a run's end counts for notifications: stopped and interrupted runs are neither successes nor failures. */
function outcomeOf(end: string | null): RunOutcome | null {
  if (end === RunEnd.success) return RunOutcome.success;
  if (end === RunEnd.failed || end === RunEnd.timeout) return RunOutcome.failure;
  return null;
}

const tailBytes = 2048;

/** The last lines of a log, for a failure notice (so the reader sees why without opening the panel). */
export function logTail(file: string | null): string | undefined {
  if (!file) return undefined;
  try {
    const size = statSync(file).size;
    const start = Math.max(0, size - tailBytes);
    const buffer = Buffer.alloc(size - start);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, start);
    } finally {
      closeSync(fd);
    }
    const text = buffer.toString('utf8');
    return (start > 0 ? text.slice(text.indexOf('\n') + 1) : text).trimEnd();
  } catch {
    return undefined;
  }
}

/** Sends the task's notification for a finished run, following its policy (or the global default). */
export function noticeRunEnd(notifier: Notifier, end: TaskRunEnd): void {
  void sendRunNotice(notifier, end).catch(() => {});
}

async function sendRunNotice(notifier: Notifier, { cron, run, previousEnd }: TaskRunEnd): Promise<void> {
  const outcome = outcomeOf(run.end);
  if (!outcome) return;
  const policy = (cron.notify_policy as TaskNotifyPolicy | null) ?? (await notifier.taskPolicy());
  // The previous run is read only when the answer depends on it.
  const previousOutcome = dependsOnPrevious(policy, outcome) ? outcomeOf(await previousEnd()) : null;
  await notifier.notifyTaskRun({
    name: cron.name,
    outcome,
    previousOutcome,
    policy,
    exitCode: run.exitCode,
    durationMs: run.durationMs ?? 0,
    runId: run.runId,
    ...(outcome === RunOutcome.failure ? { logTail: logTail(run.logFile) } : {}),
  });
}
