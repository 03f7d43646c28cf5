import { Type, type Static } from 'typebox';
import { IdList } from './common.ts';

/**
 * Tasks on the wire: Qinglong's field names and units (last_running_time in seconds, last_execution_time in unix
 * seconds, 0/1 flags), plus Baihu's additions (overlap_policy, catch_up_minutes, notify_policy, last_end,
 * last_exit_code, nextRunTime).
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ExtraSchedule = Type.Object({ schedule: Type.String({ maxLength: 200 }) });

export const Cron = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  command: Type.String(),
  schedule: Type.String(),
  labels: Type.Array(Type.String()),
  extra_schedules: Type.Array(ExtraSchedule),
  task_before: Nullable(Type.String()),
  task_after: Nullable(Type.String()),
  log_name: Nullable(Type.String()),
  allow_multiple_instances: Type.Integer(),
  overlap_policy: Type.String(),
  catch_up_minutes: Type.Integer(),
  notify_policy: Nullable(Type.String()),
  work_dir: Nullable(Type.String()),
  sub_id: Nullable(Type.Integer()),
  status: Type.Integer(),
  isSystem: Type.Integer(),
  isDisabled: Type.Integer(),
  isPinned: Type.Integer(),
  pid: Nullable(Type.Integer()),
  log_path: Nullable(Type.String()),
  last_running_time: Nullable(Type.Number()),
  last_execution_time: Nullable(Type.Integer()),
  last_end: Nullable(Type.String()),
  last_exit_code: Nullable(Type.Integer()),
  /** Next fire time in ms, computed with the scheduler's timezone; null for @once/@boot/disabled. */
  nextRunTime: Nullable(Type.Number()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Cron = Static<typeof Cron>;

const optionalText = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));

/** Body of POST /api/crons (PUT adds id). Name, command and schedule are required. */
export const CronInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  command: Type.String({ minLength: 1, maxLength: 4000, pattern: '\\S' }),
  schedule: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  labels: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 50 })),
  sub_id: Type.Optional(Nullable(Type.Integer())),
  extra_schedules: Type.Optional(Nullable(Type.Array(ExtraSchedule, { maxItems: 20 }))),
  task_before: optionalText(4000),
  task_after: optionalText(4000),
  log_name: optionalText(100),
  allow_multiple_instances: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1 }))),
  overlap_policy: Type.Optional(
    Nullable(
      Type.Union([Type.Literal('replace'), Type.Literal('parallel'), Type.Literal('skip'), Type.Literal('queue')]),
    ),
  ),
  catch_up_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 10080 }))),
  notify_policy: optionalText(40),
  work_dir: optionalText(500),
});
export type CronInput = Static<typeof CronInput>;
/**
 * Body of POST /api/crons as Qinglong's API takes it: the name may be left out (its clients and QLAPI's createCron
 * send none); the task is then named after its script, or its command. The UI's form still asks for one.
 */
export const CronCreateInput = Type.Object({ ...CronInput.properties, name: Type.Optional(CronInput.properties.name) });
export type CronCreateInput = Static<typeof CronCreateInput>;
export const CronUpdateInput = Type.Intersect([Type.Object({ id: Type.Integer() }), Type.Partial(CronInput)]);

/** A run (Qinglong's "instance"). Times in ms. */
export const CronRun = Type.Object({
  id: Type.Integer(),
  cron_id: Type.Integer(),
  status: Type.Integer(),
  end: Nullable(Type.String()),
  trigger: Type.String(),
  pid: Nullable(Type.Integer()),
  log_path: Nullable(Type.String()),
  queued_at: Type.Number(),
  started_at: Nullable(Type.Number()),
  finished_at: Nullable(Type.Number()),
  exit_code: Nullable(Type.Integer()),
  duration_ms: Nullable(Type.Number()),
  /** Notices beside the run's result, one a line: a notification it sent that was not delivered. */
  message: Nullable(Type.String()),
});
export type CronRun = Static<typeof CronRun>;

export const ViewFilter = Type.Object({
  property: Type.String({ maxLength: 40 }),
  operation: Type.String({ maxLength: 10 }),
  value: Type.Union([
    Type.String({ maxLength: 500 }),
    Type.Array(Type.Union([Type.String({ maxLength: 500 }), Type.Number()]), { maxItems: 1000 }),
  ]),
});
export const ViewSort = Type.Object({
  property: Type.String({ maxLength: 40 }),
  type: Type.Union([Type.Literal('ASC'), Type.Literal('DESC')]),
});
export const CronView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  position: Type.Number(),
  isDisabled: Type.Integer(),
  filters: Type.Array(ViewFilter),
  sorts: Type.Array(ViewSort),
  filterRelation: Type.String(),
  type: Type.Integer(),
});
export type CronView = Static<typeof CronView>;
export const CronViewInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  // Qinglong's clients send `sorts: null` (and `filters: null`) for none.
  filters: Type.Optional(Nullable(Type.Array(ViewFilter, { maxItems: 20 }))),
  sorts: Type.Optional(Nullable(Type.Array(ViewSort, { maxItems: 10 }))),
  filterRelation: Type.Optional(Type.Union([Type.Literal('and'), Type.Literal('or')])),
});

/**
 * PUT /api/crons/status: the report Qinglong's task.sh sends about a run it made (strings included, as its shell
 * sends them). Baihu keeps what the report says of the last run (times, log); the status and pid of a task are its
 * own runs', so those fields are accepted and left alone.
 */
export const CronStatusReport = Type.Object({
  ids: IdList,
  status: Type.Union([Type.String({ maxLength: 10 }), Type.Integer()]),
  pid: Type.Optional(Nullable(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]))),
  log_path: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  last_running_time: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  last_execution_time: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
});
export type CronStatusReport = Static<typeof CronStatusReport>;
