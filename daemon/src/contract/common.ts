import { Type } from 'typebox';

/**
 * Most ids one request may name (batch routes and every `{ids, ...}` body). Enough for a whole page of any list and
 * for the 10,000-task panels the benchmarks use; it bounds the work one request can ask for. Queries bind an id list
 * as one parameter (db/in-list.ts), so SQLite's parameter limit is not what sets it.
 */
export const maxIdsPerRequest = 10_000;

/** A row id: a positive whole number that JSON and SQLite both hold exactly. */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** Qinglong's batch body: a bare array of ids, `[1, 2]` (DELETE included), or the `ids` of `{ids, ...}` bodies. */
export const IdList = Type.Array(Id, { maxItems: maxIdsPerRequest });
