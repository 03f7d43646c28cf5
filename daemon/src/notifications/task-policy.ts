import { TaskNotifyPolicy } from '../contract/notifications.ts';

export const RunOutcome = { success: 'success', failure: 'failure' } as const;
export type RunOutcome = (typeof RunOutcome)[keyof typeof RunOutcome];

/** Whether shouldNotify's answer for this policy and outcome depends on the previous run's outcome. */
export const dependsOnPrevious = (policy: TaskNotifyPolicy, outcome: RunOutcome): boolean =>
  policy === TaskNotifyPolicy.onFailureAndRecovery && outcome === RunOutcome.success;

/**
 * Whether a finished run sends a notification. `previousOutcome` is the task's run before this one (undefined or
 * null when there was none): "onFailureAndRecovery" also reports the first success after a failure.
 */
export function shouldNotify(
  policy: TaskNotifyPolicy,
  outcome: RunOutcome,
  previousOutcome?: RunOutcome | null,
): boolean {
  switch (policy) {
    case TaskNotifyPolicy.never:
      return false;
    case TaskNotifyPolicy.always:
      return true;
    case TaskNotifyPolicy.onFailure:
      return outcome === RunOutcome.failure;
    case TaskNotifyPolicy.onFailureAndRecovery:
      return outcome === RunOutcome.failure || previousOutcome === RunOutcome.failure;
    default:
      return false;
  }
}
