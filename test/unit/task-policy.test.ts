import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultTaskNotifyPolicy, TaskNotifyPolicy } from '../../daemon/src/contract/notifications.ts';
import { dependsOnPrevious, RunOutcome, shouldNotify } from '../../daemon/src/notifications/task-policy.ts';

const { success, failure } = RunOutcome;

test('never sends nothing, always sends everything', () => {
  for (const outcome of [success, failure]) {
    for (const previous of [undefined, null, success, failure]) {
      assert.equal(shouldNotify(TaskNotifyPolicy.never, outcome, previous), false);
      assert.equal(shouldNotify(TaskNotifyPolicy.always, outcome, previous), true);
    }
  }
});

test('onFailure sends for every failure and no success', () => {
  assert.equal(shouldNotify(TaskNotifyPolicy.onFailure, failure), true);
  assert.equal(shouldNotify(TaskNotifyPolicy.onFailure, failure, failure), true);
  assert.equal(shouldNotify(TaskNotifyPolicy.onFailure, success, failure), false);
  assert.equal(shouldNotify(TaskNotifyPolicy.onFailure, success, success), false);
});

test('onFailureAndRecovery adds only the first success after a failure', () => {
  const p = TaskNotifyPolicy.onFailureAndRecovery;
  assert.equal(shouldNotify(p, failure, null), true);
  assert.equal(shouldNotify(p, failure, failure), true);
  assert.equal(shouldNotify(p, success, failure), true, 'recovery');
  assert.equal(shouldNotify(p, success, success), false, 'second success in a row');
  assert.equal(shouldNotify(p, success, undefined), false, 'first run ever succeeded');
});

test('the global default is onFailure', () => {
  assert.equal(defaultTaskNotifyPolicy, TaskNotifyPolicy.onFailure);
});

test('the previous run is read only when the answer depends on it: for every policy and outcome', () => {
  const outcomes = Object.values(RunOutcome);
  for (const policy of Object.values(TaskNotifyPolicy)) {
    for (const outcome of outcomes) {
      const answers = new Set([null, ...outcomes].map((previous) => shouldNotify(policy, outcome, previous)));
      assert.equal(dependsOnPrevious(policy, outcome), answers.size > 1, `${policy}, ${outcome}`);
    }
  }
});
