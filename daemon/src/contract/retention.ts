/**
 * Deleting old run logs on the wire (Qinglong's log-remove-frequency): every x days, logs older than x days.
 * Constants only, so the UI imports them without typebox; the shapes are in retention-schemas.ts.
 */

/** The longest interval the setting accepts: ten years. 0 = off. */
export const maxLogRemoveDays = 3650;

/** The most a run-history limit accepts (days, or runs per task); 0 = no limit. */
export const maxRunHistoryLimit = 1_000_000;

/** The live topic of a retention run (log deletion). */
export const retentionTopic = (runId: number) => `retention:${runId}`;
