/** Wire shapes of the system log routes (`GET /api/system/log/entries`, settings); helpers are in system-log.ts. */
import { Type, type Static } from 'typebox';

export const SystemLogEntry = Type.Object({
  time: Type.Number(),
  level: Type.Integer(),
  msg: Type.String(),
  fields: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});

const day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const SystemLogQuery = Type.Object({
  /** First and last day shown (`YYYY-MM-DD`, local time); both default to today. */
  from: Type.Optional(day),
  to: Type.Optional(day),
  /** Lowest level (pino's number: 30 info, 40 warn, 50 error). */
  level: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  text: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SystemLogQuery = Static<typeof SystemLogQuery>;

export const SystemLogEntries = Type.Object({
  entries: Type.Array(SystemLogEntry),
  truncated: Type.Boolean(),
  /** Where today's live tail continues (topic `syslog:<day>` from `offset`); null when today is not in the range. */
  tail: Type.Union([Type.Object({ day: Type.String(), topic: Type.String(), offset: Type.Integer() }), Type.Null()]),
  /** The days there are files for, oldest first, with their sizes. */
  days: Type.Array(Type.Object({ day: Type.String(), size: Type.Integer() })),
  today: Type.String(),
});
export type SystemLogEntries = Static<typeof SystemLogEntries>;

export const systemLogDaysMax = 365;
export const systemLogMaxMbMax = 10_240;

export const SystemLogSettings = Type.Object({
  systemLogDays: Type.Integer({ minimum: 1, maximum: systemLogDaysMax }),
  systemLogMaxMb: Type.Integer({ minimum: 1, maximum: systemLogMaxMbMax }),
});
export type SystemLogSettings = Static<typeof SystemLogSettings>;
