/**
 * Deleting old run logs on the wire (Qinglong's log-remove-frequency): every x days, logs older than x days.
 * Constants only, so the UI imports them without typebox; the shapes are in retention-schemas.ts.
 */

/** The longest interval the setting accepts: ten years. 0 = off. */
export const maxLogRemoveDays = 3650;

/** The live topic of a retention run (log deletion). */
export const retentionTopic = (runId: number) => `retention:${runId}`;
