/**
 * A task's notices through real runs, for every policy: what each run's end sends depends on the policy, the run's
 * outcome and, for "onFailureAndRecovery", how the run before it ended (read only then: run-notices.ts).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { TaskNotifyPolicy } from '../../daemon/src/contract/notifications.ts';
import { formatMessage } from '../../daemon/src/contract/messages.ts';
import { signedIn } from '../helpers/app.ts';
import { addCron, runsOf, waitFor } from '../helpers/tasks.ts';
import { webhookRecorder } from '../helpers/recorder.ts';

/** Exit codes of the runs, in order; the last fails, so its notice marks that every earlier one was handled. */
const codes = [0, 3, 0, 0, 4, 4, 0, 5];

const expected: Record<TaskNotifyPolicy, string[]> = {
  [TaskNotifyPolicy.never]: [],
  [TaskNotifyPolicy.always]: codes.map((code) => (code ? 'failed' : 'succeeded')),
  [TaskNotifyPolicy.onFailure]: ['failed', 'failed', 'failed', 'failed'],
  [TaskNotifyPolicy.onFailureAndRecovery]: ['failed', 'recovered', 'failed', 'failed', 'recovered', 'failed'],
};

for (const policy of Object.values(TaskNotifyPolicy)) {
  test(`notices under "${policy}": ${expected[policy].join(', ') || 'none'}`, async (t) => {
    const { app, token, dataDir } = await signedIn(t);
    const server = await webhookRecorder(t, app, token);
    const codeFile = path.join(dataDir, 'next-exit-code');
    const cron = await addCron(app, {
      name: 'nightly',
      command: `exit "$(cat '${codeFile}')"`,
      schedule: '0 0 1 1 *',
      notify_policy: policy,
    });
    for (const [i, code] of codes.entries()) {
      writeFileSync(codeFile, String(code));
      await app.ctx.taskRuns.run([cron.id]);
      await waitFor(async () => (await runsOf(app, cron.id))[i]?.end ?? undefined);
    }
    const titles = () => server.requests.slice(1).map((r) => (JSON.parse(r.body) as { title: string }).title);
    const kinds = expected[policy];
    if (kinds.length) await waitFor(() => titles().length >= kinds.length || undefined, 10_000, 'the notices');
    // Under "never" nothing is awaited: the runs have ended and their notices, if any, would follow at once.
    else await new Promise((resolve) => setTimeout(resolve, 300));
    const keys = {
      failed: 'taskFailedTitle',
      succeeded: 'taskSucceededTitle',
      recovered: 'taskRecoveredTitle',
    } as const;
    const lang = app.ctx.notifier.language();
    assert.deepEqual(
      titles(),
      kinds.map((kind) => formatMessage(keys[kind as keyof typeof keys], lang, { name: 'nightly' })),
    );
  });
}
