import { Type } from 'typebox';
import { failures, Ok } from './envelope.ts';

/** The most ids one batch request may name (select all of a 10,000-task list, then act). */
const maxBatchIds = 10_000;

/** Qinglong's batch body: a bare array of ids (`PUT /api/crons/run` with `[1, 2, 3]`). */
export const IdList = Type.Array(Type.Integer(), { maxItems: maxBatchIds });

/** `/:id` in a path. */
export const IdParams = Type.Object({ id: Type.Integer() });

/** The reply of a request that returns nothing: `{code: 200, data: null}`. */
export const Done = { 200: Ok(Type.Null()), ...failures };

/** Qinglong's log reply: `logStatus` (a LogStatus) beside `data`, not inside it. */
export const LogReply = Type.Object({ code: Type.Literal(200), data: Type.String(), logStatus: Type.String() });
