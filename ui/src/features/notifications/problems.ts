import type { NotificationSettings, NotifyFieldProblem } from '@contract/notifications.ts';
import { checkNotificationSettings } from '@contract/notifications.ts';
import { t } from '@lingui/core/macro';
import type { Errors } from '../../lib/formRules.ts';
import { channelOf, localText } from './channels.ts';

/** One problem of `checkNotificationSettings` in the interface language (the server says the same in its own). */
function describe(problem: NotifyFieldProblem, label: string): string {
  switch (problem) {
    case 'required':
      return t`Please enter ${label}`;
    case 'number':
      return t`${label} is not a valid integer`;
    case 'option':
      return t`${label} is not one of the offered values`;
    case 'webhookTitle':
      return t`The URL or the body must contain $title`;
  }
}

/** The contract's checks, as messages keyed by field (first problem per field). */
export function checkSettings(settings: NotificationSettings, locale: string): Errors {
  const fields = channelOf(settings).fields;
  const errors: Errors = {};
  for (const { field, problem } of checkNotificationSettings(settings)) {
    const spec = fields.find((f) => f.key === field);
    errors[field] ??= describe(problem, spec ? localText(spec.label, locale) : field);
  }
  return errors;
}
