import { Value } from 'typebox/value';
import { Type } from 'typebox';
import { EnvInput } from '../../contract/envs.ts';
import { envNamePattern } from '../../contract/enums.ts';
import { AppError, fieldError, type FieldIssue } from '../../errors/app-error.ts';

const nameRule = new RegExp(envNamePattern);

/** Trimmed, without empties and duplicates, in the order given. */
export function cleanLabels(labels: readonly string[] | null | undefined): string[] {
  return [...new Set((labels ?? []).map((l) => l.trim()).filter((l) => l !== ''))];
}

/** The name's problem, if any: Qinglong's rule with the spec's message. */
export function nameIssue(name: string): FieldIssue | null {
  return nameRule.test(name) ? null : { field: 'name', key: 'envNameInvalid' };
}

export function checkName(name: string): void {
  const issue = nameIssue(name);
  if (issue) throw fieldError(issue.field, issue.key);
}

const FileEntries = Type.Array(Type.Unknown(), { maxItems: 100_000 });

/**
 * The entries of an imported file (Qinglong's export: `[{name, value, remarks, labels}]`, extra fields ignored).
 * Every entry is checked before anything is stored; the first bad one is named.
 */
export function parseEnvFile(bytes: Buffer): EnvInput[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AppError('envFileInvalid');
  }
  if (!Value.Check(FileEntries, parsed)) throw new AppError('envFileInvalid');
  return parsed.map((entry, index) => {
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const candidate = {
      name: typeof record.name === 'string' ? record.name.trim() : record.name,
      value: typeof record.value === 'number' ? String(record.value) : record.value,
      remarks: record.remarks ?? null,
      labels: record.labels ?? [],
    };
    const invalid = (issue: FieldIssue) =>
      new AppError('envFileEntryInvalid', 400, { index: index + 1 }, undefined, [issue]);
    if (!Value.Check(EnvInput, candidate)) {
      const first = Value.Errors(EnvInput, candidate)[0];
      const field = first?.instancePath.split('/').filter(Boolean)[0] ?? 'name';
      throw invalid({ field, key: 'invalidType', params: { type: field === 'labels' ? 'list' : 'string' } });
    }
    const issue = nameIssue(candidate.name);
    if (issue) throw invalid(issue);
    return candidate;
  });
}
