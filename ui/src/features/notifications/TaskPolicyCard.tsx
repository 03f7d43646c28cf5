import { TaskNotifyPolicies, taskNotifyPolicyLabels, type TaskNotifyPolicy } from '@contract/notifications.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { cn } from '../../components/ui/cn.ts';
import { api } from '../../lib/api.ts';
import { localText } from './channels.ts';

/** The default for tasks that do not choose their own policy (`api/user/notification/task-policy`); saved at once. */
export function TaskPolicyCard() {
  const { t, i18n } = useLingui();
  const id = useId();
  const [policy, setPolicy] = useState<TaskNotifyPolicy | null>(null);
  const [saving, setSaving] = useState<TaskNotifyPolicy | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.get<{ policy: TaskNotifyPolicy }>('user/notification/task-policy').then(
      (reply) => setPolicy(reply.policy),
      (failure: Error) => setError(failure.message),
    );
  }, []);

  const explanations: Record<TaskNotifyPolicy, string> = {
    never: t`No message for any run.`,
    onFailure: t`A message whenever a run fails.`,
    always: t`A message after every run, failed or not.`,
    onFailureAndRecovery: t`A message when a run fails, and one when the task first succeeds again after failing.`,
  };

  const choose = async (next: TaskNotifyPolicy) => {
    if (next === policy || saving) return;
    const previous = policy;
    setPolicy(next);
    setSaving(next);
    setError(null);
    try {
      await api.put('user/notification/task-policy', { policy: next });
      toast(t`Default task notification saved`);
    } catch (failure) {
      setPolicy(previous);
      setError((failure as Error).message);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card>
      <CardHeader
        title={t`Task notifications`}
        description={t`When a task's run sends a message, unless the task sets its own rule. Changes are saved at once.`}
      />
      <CardBody className="flex flex-col gap-3">
        {error && <Alert>{error}</Alert>}
        {policy === null && !error && <Spinner label={t`Loading`} />}
        {policy !== null && (
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t`Default task notification`}</legend>
            {TaskNotifyPolicies.map((option) => {
              const checked = option === policy;
              return (
                <label
                  key={option}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 transition-colors',
                    checked ? 'border-primary bg-primary-soft' : 'border-line hover:border-line-strong',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-policy`}
                    value={option}
                    checked={checked}
                    disabled={saving !== null}
                    onChange={() => void choose(option)}
                    aria-describedby={`${id}-${option}`}
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="flex items-center gap-2 text-[14px] font-medium">
                      {localText(taskNotifyPolicyLabels[option], i18n.locale)}
                      {saving === option && <Spinner />}
                    </span>
                    <span id={`${id}-${option}`} className="text-[13px] text-muted">
                      {explanations[option]}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
      </CardBody>
    </Card>
  );
}
