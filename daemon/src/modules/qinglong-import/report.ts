/** Collects what an import leaves out and what it brings with a caveat, and counts every kind as it goes. */
import type { ImportCount, ImportReportItem } from '../../contract/import-schemas.ts';
import { ImportKinds, type ImportKind, type ImportReason } from '../../contract/import.ts';
import { AppError, type FieldIssue } from '../../errors/app-error.ts';

export class ImportReport {
  readonly skipped: ImportReportItem[] = [];
  readonly notices: ImportReportItem[] = [];
  readonly counts = Object.fromEntries(
    ImportKinds.map((kind) => [kind, { found: 0, importable: 0, skipped: 0 }]),
  ) as Record<ImportKind, ImportCount>;

  found(kind: ImportKind, count = 1): void {
    this.counts[kind].found += count;
  }

  imported(kind: ImportKind, count = 1): void {
    this.counts[kind].importable += count;
  }

  skip(kind: ImportKind, item: string, reason: ImportReason): void {
    this.counts[kind].skipped += 1;
    this.skipped.push({ kind, item, reason });
  }

  notice(kind: ImportKind, item: string, reason: ImportReason): void {
    this.notices.push({ kind, item, reason });
  }
}

/** A field issue (from Baihu's own validation) as an import reason. */
export const reasonOfIssue = (issue: FieldIssue): ImportReason => ({
  key: issue.key,
  field: issue.field,
  ...(issue.params ? { params: issue.params } : {}),
});

/** The first field issue of a validation error thrown by Baihu's rules, as a reason; other errors go on up. */
export function reasonOfError(error: unknown): ImportReason {
  if (error instanceof AppError) {
    const issue = error.fields?.[0];
    if (issue) return reasonOfIssue(issue);
    return { key: error.key, params: error.params };
  }
  throw error;
}

/** A field left out of an item that is still imported, with Baihu's rule as the cause. */
export const fieldDropped = (field: string, cause: ImportReason): ImportReason => ({
  key: 'importFieldDropped',
  field,
  cause: {
    key: cause.key,
    ...(cause.params ? { params: cause.params } : {}),
    ...(cause.field ? { field: cause.field } : {}),
  },
});
