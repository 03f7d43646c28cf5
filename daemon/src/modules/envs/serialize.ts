import type { Env } from '../../contract/envs.ts';
import type { EnvRow } from '../../db/schema.ts';

function parseLabels(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

/** A row as Qinglong's clients see it (`timestamp` is Qinglong's human-readable update time). */
export function toWireEnv(row: EnvRow): Env {
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    remarks: row.remarks,
    status: row.status,
    position: row.position,
    isPinned: row.is_pinned ? 1 : 0,
    labels: parseLabels(row.labels),
    timestamp: new Date(row.updated_at).toString(),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
