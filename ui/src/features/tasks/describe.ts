import { plural, t } from '@lingui/core/macro';
import { weekdayName } from '../../lib/format.ts';

/**
 * A sentence for common schedule shapes ("Every 5 minutes", "Daily at 02:30", "Weekly on Monday at 08:00",
 * "Monthly on day 1 at 00:00"); null for anything else, where the form shows the expression itself.
 */
const isNum = (field: string) => /^\d+$/.test(field);
const step = (field: string) => /^\*\/(\d+)$/.exec(field)?.[1];
const pad = (n: string | number) => String(n).padStart(2, '0');

function timeOf(hour: string, minute: string, second: string): string {
  return second === '0' ? `${pad(hour)}:${pad(minute)}` : `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

const nicknames: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

export function describeSchedule(expression: string): string | null {
  const trimmed = expression.trim().replace(/\s+/g, ' ');
  const expanded = nicknames[trimmed.toLowerCase()] ?? trimmed;
  const fields = expanded.split(' ');
  if (fields.length !== 5 && fields.length !== 6) return null;
  const [second, minute, hour, day, month, weekday] = (fields.length === 6 ? fields : ['0', ...fields]) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (month !== '*') return expanded === '0 0 1 1 *' ? t`Yearly on 1 January at 00:00` : null;
  const everyDay = day === '*' && weekday === '*';

  // Seconds.
  if (fields.length === 6 && !isNum(second)) {
    if (minute !== '*' || hour !== '*' || !everyDay) return null;
    if (second === '*') return t`Every second`;
    const n = step(second);
    return n ? plural(Number(n), { 1: 'Every second', other: 'Every # seconds' }) : null;
  }
  // Minutes.
  if (!isNum(minute)) {
    if (hour !== '*' || !everyDay) return null;
    if (minute === '*') return second === '0' ? t`Every minute` : null;
    const n = step(minute);
    return n && second === '0' ? plural(Number(n), { 1: 'Every minute', other: 'Every # minutes' }) : null;
  }
  // Hours.
  if (hour === '*') return everyDay ? t`Hourly at :${pad(minute)}` : null;
  const everyHours = step(hour);
  const at = pad(minute);
  if (everyHours)
    return everyDay ? plural(Number(everyHours), { 1: `Hourly at :${at}`, other: `Every # hours at :${at}` }) : null;
  const hours = hour.split(',');
  if (!hours.every(isNum)) return null;
  const time = hours.map((h) => timeOf(h, minute, second)).join(', ');
  if (everyDay) return t`Daily at ${time}`;
  if (day === '*') {
    if (weekday === '1-5') return t`On weekdays at ${time}`;
    const days = weekday.split(',');
    if (!days.every(isNum)) return null;
    const names = days.map((d) => weekdayName(Number(d))).join(', ');
    return t`Weekly on ${names} at ${time}`;
  }
  if (weekday === '*' && day.split(',').every(isNum)) return t`Monthly on day ${day} at ${time}`;
  if (weekday === '*' && day === 'L') return t`Monthly on the last day at ${time}`;
  return null;
}
