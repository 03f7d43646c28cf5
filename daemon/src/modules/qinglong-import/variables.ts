/**
 * Environment variables (Envs) in Qinglong's order — position descending, then creation — which is also the order
 * same-name values are joined with `&` for a run, with their status, remarks, labels and pinned state. Names Baihu
 * refuses (Qinglong stored them but never exported them) are left out with the spec's message.
 */
import { EnvInput } from '../../contract/envs.ts';
import { EnvStatus } from '../../contract/enums.ts';
import { ImportKind } from '../../contract/import.ts';
import { cleanLabels, nameIssue } from '../envs/index.ts';
import { variableKey } from './idempotence.ts';
import type { PlannedVariable } from './plan.ts';
import { reasonOfIssue, type ImportReport } from './report.ts';
import { schemaIssue } from './schema-issue.ts';
import { dateMs, flag, integer, number, stringList, text } from './values.ts';

/** Qinglong's list order: position high to low, then oldest first, then by id. */
function qinglongOrder(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const position = (number(b.position) ?? 0) - (number(a.position) ?? 0);
  if (position !== 0) return position;
  const created = (dateMs(a.createdAt) ?? 0) - (dateMs(b.createdAt) ?? 0);
  return created !== 0 ? created : (integer(a.id) ?? 0) - (integer(b.id) ?? 0);
}

export function planVariables(rows: Record<string, unknown>[], report: ImportReport): PlannedVariable[] {
  const variables: PlannedVariable[] = [];
  const seen = new Set<string>();
  for (const row of [...rows].sort(qinglongOrder)) {
    report.found(ImportKind.variable);
    const name = text(row.name)?.trim() ?? '';
    const input = {
      name,
      value: text(row.value) ?? '',
      remarks: text(row.remarks),
      labels: cleanLabels(stringList(row.labels)),
    };
    const item = name || String(integer(row.id) ?? '');
    const nameProblem = nameIssue(name);
    const issue = nameProblem ? reasonOfIssue(nameProblem) : schemaIssue(EnvInput, input);
    if (issue) {
      report.skip(ImportKind.variable, item, issue);
      continue;
    }
    const key = variableKey(input);
    if (seen.has(key)) {
      report.skip(ImportKind.variable, item, { key: 'importDuplicate' });
      continue;
    }
    seen.add(key);
    variables.push({
      sourceId: integer(row.id) ?? 0,
      input,
      disabled: integer(row.status) === EnvStatus.disabled,
      pinned: flag(row.isPinned),
    });
    report.imported(ImportKind.variable);
  }
  return variables;
}
