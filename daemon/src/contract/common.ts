import { Type } from 'typebox';
import { failures, Ok } from './envelope.ts';

/**
 * Most ids one request may name (batch routes and every `{ids, ...}` body). Enough for a whole page of any list and
 * for the 10,000-task panels the benchmarks use; it bounds the work one request can ask for. Queries bind an id list
 * as one parameter (the phrases' inList, db/sqlite/phrases.ts), so SQLite's parameter limit is not what sets it.
 */
export const maxIdsPerRequest = 10_000;

/** A row id: a positive whole number that JSON and SQLite both hold exactly. */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** Qinglong's batch body: a bare array of ids, `[1, 2]` (DELETE included), or the `ids` of `{ids, ...}` bodies. */
export const IdList = Type.Array(Id, { maxItems: maxIdsPerRequest });

/** `/:id` in a path. */
export const IdParams = Type.Object({ id: Type.Integer() });

/** The reply of a request that returns nothing: `{code: 200, data: null}`. */
export const Done = { 200: Ok(Type.Null()), ...failures };

/** Qinglong's log reply: `logStatus` (a LogStatus) beside `data`, not inside it. */
export const LogReply = Type.Object({ code: Type.Literal(200), data: Type.String(), logStatus: Type.String() });
