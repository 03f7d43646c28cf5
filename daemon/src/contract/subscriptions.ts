import { Type, type Static } from 'typebox';
import { IdList } from './common.ts';

/**
 * Subscriptions on the wire: Qinglong's field names. `status` as SubscriptionStatus (running 0, idle 1, disabled 2,
 * queued 3); `pull_option` secrets are always masked (`••••`) in replies, and the mask sent back keeps the stored
 * value. Baihu adds `last_end` (how the last pull ended) and `last_pull_at` (ms).
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const SubscriptionTypeSchema = Type.Union([
  Type.Literal('public-repo'),
  Type.Literal('private-repo'),
  Type.Literal('file'),
]);
export const PullTypeSchema = Type.Union([Type.Literal('ssh-key'), Type.Literal('user-pwd')]);
export const ScheduleTypeSchema = Type.Union([Type.Literal('crontab'), Type.Literal('interval')]);
export const IntervalSchedule = Type.Object({
  type: Type.Union([Type.Literal('days'), Type.Literal('hours'), Type.Literal('minutes'), Type.Literal('seconds')]),
  value: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
});
export type IntervalSchedule = Static<typeof IntervalSchedule>;

export const PullOption = Type.Object({
  private_key: Type.Optional(Type.String({ maxLength: 20_000 })),
  username: Type.Optional(Type.String({ maxLength: 500 })),
  password: Type.Optional(Type.String({ maxLength: 5_000 })),
});
export type PullOption = Static<typeof PullOption>;

/** Qinglong sends booleans from its switches and stores 0/1; null counts as on. */
const Flag = Nullable(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })]));

export const Subscription = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  url: Type.String(),
  branch: Nullable(Type.String()),
  schedule_type: Type.String(),
  schedule: Nullable(Type.String()),
  interval_schedule: Nullable(IntervalSchedule),
  whitelist: Nullable(Type.String()),
  blacklist: Nullable(Type.String()),
  dependences: Nullable(Type.String()),
  extensions: Nullable(Type.String()),
  pull_type: Nullable(Type.String()),
  pull_option: Nullable(PullOption),
  status: Type.Integer(),
  pid: Nullable(Type.Integer()),
  is_disabled: Type.Integer(),
  log_path: Nullable(Type.String()),
  alias: Type.String(),
  sub_before: Nullable(Type.String()),
  sub_after: Nullable(Type.String()),
  proxy: Nullable(Type.String()),
  autoAddCron: Type.Integer(),
  autoDelCron: Type.Integer(),
  last_end: Nullable(Type.String()),
  last_pull_at: Nullable(Type.Number()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Subscription = Static<typeof Subscription>;

const inputFields = {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  type: SubscriptionTypeSchema,
  url: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }),
  branch: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  schedule_type: Type.Optional(ScheduleTypeSchema),
  schedule: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  interval_schedule: Type.Optional(Nullable(IntervalSchedule)),
  whitelist: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  blacklist: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  dependences: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  extensions: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  pull_type: Type.Optional(Nullable(Type.Union([PullTypeSchema, Type.Literal('')]))),
  pull_option: Type.Optional(Nullable(PullOption)),
  alias: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  sub_before: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  sub_after: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  proxy: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  autoAddCron: Type.Optional(Flag),
  autoDelCron: Type.Optional(Flag),
  is_disabled: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
};

export const SubscriptionInput = Type.Object(inputFields);
export type SubscriptionInput = Static<typeof SubscriptionInput>;

export const SubscriptionUpdateInput = Type.Intersect([
  Type.Object({ id: Type.Integer() }),
  Type.Partial(SubscriptionInput),
]);
export type SubscriptionUpdateInput = Static<typeof SubscriptionUpdateInput>;

/** One pull (Baihu's instances of a subscription). `status` as RunStatus. */
export const SubscriptionRun = Type.Object({
  id: Type.Integer(),
  sub_id: Type.Integer(),
  status: Type.Integer(),
  end: Nullable(Type.String()),
  trigger: Type.String(),
  log_path: Nullable(Type.String()),
  message: Nullable(Type.String()),
  added: Type.Integer(),
  removed: Type.Integer(),
  started_at: Nullable(Type.Number()),
  finished_at: Nullable(Type.Number()),
  duration_ms: Nullable(Type.Number()),
});
export type SubscriptionRun = Static<typeof SubscriptionRun>;

/** What a pasted `ql repo …` / `ql raw …` command fills in. */
export const ParsedCommand = Type.Object({
  type: Type.String(),
  url: Type.String(),
  whitelist: Type.Optional(Type.String()),
  blacklist: Type.Optional(Type.String()),
  dependences: Type.Optional(Type.String()),
  branch: Type.Optional(Type.String()),
  extensions: Type.Optional(Type.String()),
  proxy: Type.Optional(Type.String()),
  autoAddCron: Type.Optional(Type.Integer()),
  autoDelCron: Type.Optional(Type.Integer()),
  name: Type.Optional(Type.String()),
  alias: Type.Optional(Type.String()),
});
export type ParsedCommand = Static<typeof ParsedCommand>;

/**
 * PUT /api/subscriptions/status: the report Qinglong's shell sends about a pull it made. A subscription's status,
 * pid and log are its own pulls' in Baihu, so the report is accepted (200, as Qinglong) and changes nothing.
 */
export const SubscriptionStatusReport = Type.Object({
  ids: IdList,
  status: Type.Union([Type.String({ maxLength: 10 }), Type.Integer()]),
  pid: Type.Optional(Nullable(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]))),
  log_path: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
});
