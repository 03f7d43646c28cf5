import { Cron } from 'croner';

/** `@once`: only run by hand. `@boot`: run once each time the daemon starts. */
export const ScheduleKeyword = { once: '@once', boot: '@boot' } as const;

export type ParsedSchedule =
  | { kind: 'once' }
  | { kind: 'boot' }
  | { kind: 'cron'; expression: string; withSeconds: boolean }
  | { kind: 'invalid'; reason: string };

const nicknames = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];

/**
 * The one schedule parser: the form, the API and the scheduler all use it, so they never disagree. Accepts 5 fields
 * (minute first) or 6 (seconds first), croner's nicknames, `@once` and `@boot`; refuses expressions that never fire.
 */
export function parseSchedule(input: string, timezone?: string): ParsedSchedule {
  const expression = input.trim().replace(/\s+/g, ' ');
  if (expression === ScheduleKeyword.once) return { kind: 'once' };
  if (expression === ScheduleKeyword.boot) return { kind: 'boot' };
  const fields = expression.split(' ').length;
  const nickname = nicknames.includes(expression.toLowerCase());
  if (!nickname && fields !== 5 && fields !== 6) return { kind: 'invalid', reason: 'fields' };
  try {
    const cron = new Cron(expression, { paused: true, ...(timezone ? { timezone } : {}) });
    if (cron.nextRun() === null) return { kind: 'invalid', reason: 'never' };
  } catch (error) {
    return { kind: 'invalid', reason: (error as Error).message };
  }
  return { kind: 'cron', expression, withSeconds: fields === 6 };
}

/** The next `count` fire times after `from` (for previews and the list's "next run" column). */
export function nextRuns(expression: string, count: number, from: Date, timezone?: string): Date[] {
  const parsed = parseSchedule(expression, timezone);
  if (parsed.kind !== 'cron') return [];
  return new Cron(parsed.expression, { paused: true, ...(timezone ? { timezone } : {}) }).nextRuns(count, from);
}
