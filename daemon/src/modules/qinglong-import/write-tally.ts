/**
 * What the writer did, kind by kind: written, already there, refused by Baihu (with the area's own reason). Every
 * step is told in the job's log as it happens, in the panel's language; the same facts end up in the report.
 */
import {
  ImportKinds,
  formatImportReason,
  importKindLabels,
  type ImportKind,
  type ImportReason,
} from '../../contract/import.ts';
import type { Language } from '../../contract/i18n.ts';
import { formatMessage } from '../../contract/messages.ts';
import { AppError } from '../../errors/app-error.ts';
import { reasonOfError, type ImportReport } from './report.ts';

/** Where the tally writes its lines (the job's log). */
export interface TallyLog {
  line(text: string): void;
  readonly language: Language;
}

const zero = () => Object.fromEntries(ImportKinds.map((kind) => [kind, 0])) as Record<ImportKind, number>;

/** A failure as a reason: Baihu's own validation message, else what went wrong in words. */
export function reasonOf(error: unknown): ImportReason {
  if (error instanceof AppError) return reasonOfError(error);
  return { key: 'importWriteFailed', params: { detail: error instanceof Error ? error.message : String(error) } };
}

export class WriteTally {
  readonly written = zero();
  readonly presentCounts = zero();

  constructor(
    readonly report: ImportReport,
    private readonly log: TallyLog,
  ) {}

  line(text: string): void {
    this.log.line(text);
  }

  reason(reason: ImportReason): string {
    return formatImportReason(reason, this.log.language);
  }

  /** Starts a kind in the log: `== Tasks (12) ==`. */
  section(kind: ImportKind, count: number): void {
    this.line(`== ${importKindLabels[kind][this.log.language]} (${count}) ==`);
  }

  /** Items an earlier import brought: counted, said once, left alone. */
  present(kind: ImportKind, items: string[]): void {
    if (items.length === 0) return;
    this.presentCounts[kind] += items.length;
    const why = formatMessage('importAlreadyPresent', this.log.language, {});
    this.line(`= ${items.join(', ')}: ${why}`);
  }

  wrote(kind: ImportKind, item: string): void {
    this.written[kind] += 1;
    this.line(`+ ${item}`);
  }

  skip(kind: ImportKind, item: string, reason: ImportReason): void {
    this.report.skip(kind, item, reason);
    this.line(`- ${item}: ${this.reason(reason)}`);
  }

  notice(kind: ImportKind, item: string, reason: ImportReason): void {
    this.report.notice(kind, item, reason);
    this.line(`! ${item}: ${this.reason(reason)}`);
  }

  /** Runs one item's write; a refusal is reported and the import goes on. Answers what it made, or null. */
  async attempt<T>(kind: ImportKind, item: string, write: () => Promise<T>): Promise<T | null> {
    try {
      const made = await write();
      this.wrote(kind, item);
      return made;
    } catch (error) {
      this.skip(kind, item, reasonOf(error));
      return null;
    }
  }
}
