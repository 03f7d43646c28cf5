import type { Dependency } from '../../contract/dependencies.ts';
import type { DependencyRow } from '../../db/schema.ts';

/** A log as Qinglong's `log: string[]`: its lines, each with its newline, so `log.join('')` is the text. */
function logLinesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A row as Qinglong's clients see it; `log` only when asked for (GET /:id). */
export function toWireDependency(row: DependencyRow, log?: string): Dependency {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    remark: row.remark,
    log_path: row.log_path,
    timestamp: new Date(row.updated_at).toString(),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    ...(log === undefined ? {} : { log: logLinesOf(log) }),
  };
}
