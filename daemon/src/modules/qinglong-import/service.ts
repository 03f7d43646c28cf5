/**
 * Moving in from Qinglong: the dry run (read, plan, report) and the real run, a job of the kernel with a live log
 * whose report is kept on its run row. The source is read before the job is queued, so a missing, corrupt or
 * foreign database is refused at once with its reason, and nothing has been changed.
 */
import path from 'node:path';
import { ResponseCode } from '../../contract/codes.ts';
import { importTopic, RunTrigger } from '../../contract/enums.ts';
import type {
  ImportNotifyLibrary,
  ImportPreview,
  ImportRequest,
  ImportResult,
  ImportRun,
} from '../../contract/import-schemas.ts';
import type { Language } from '../../contract/i18n.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { JobKind, type FinishedRun } from '../../jobs/types.ts';
import { installScriptLibraries } from '../../notifications/install-scripts.ts';
import { loadStockHashes } from '../../notifications/stock-libraries.ts';
import { previewOf } from './preview.ts';
import type { ImportPlan } from './plan.ts';
import { readQinglongImport } from './read.ts';
import type { IssuedSecret } from './write-records.ts';
import { writeImport, type WriteTargets } from './write.ts';

export const importQueue = 'import';
const importKey = 'import';

export interface QinglongImportOptions {
  jobs: JobRunner;
  targets: WriteTargets;
  /** The panel's time zone, for schedules when Qinglong set none. */
  timezone: () => string;
  language: () => Language;
}

export interface StartedImport {
  runId: number;
  topic: string;
  finished: Promise<FinishedRun>;
}

export class QinglongImportService {
  /** The applications' new secrets, by import run, until they are shown once (never written anywhere). */
  private readonly secrets = new Map<number, IssuedSecret[]>();

  constructor(private readonly o: QinglongImportOptions) {
    o.jobs.defineQueue(importQueue, () => 1);
  }

  private async read(dir: string): Promise<ImportPlan> {
    return readQinglongImport({
      sourceDir: path.resolve(dir),
      target: this.o.targets.paths,
      timezone: this.o.timezone(),
      stockLibraries: await loadStockHashes(),
    });
  }

  /** What the import would bring and what it would leave out, and why; changes nothing. */
  async preview(dir: string): Promise<ImportPreview> {
    return previewOf(await this.read(dir));
  }

  async start(request: ImportRequest, trigger: string = RunTrigger.manual): Promise<StartedImport> {
    const busy = this.o.jobs.busy(importQueue, importKey);
    if (busy.running || busy.waiting) throw new AppError('importBusy', ResponseCode.conflict);
    const plan = await this.read(request.dir);
    const ticket = await this.o.jobs.enqueue({
      kind: JobKind.import,
      refId: null,
      key: importKey,
      exclusive: true,
      trigger,
      queue: importQueue,
      title: null,
      logPath: (logName) => path.posix.join('qinglong-import', logName),
      work: {
        steps: async (job) => {
          job.line(`Qinglong: ${plan.source.dataDir}`);
          const { result, secrets } = await writeImport(plan, this.o.targets, job, {
            replaceAccount: request.replaceAccount === true,
          });
          if (secrets.length > 0) this.secrets.set(job.runId, secrets);
          return { end: 'success', exitCode: 0, detail: result };
        },
      },
    });
    if (!ticket) throw new AppError('importBusy', ResponseCode.conflict);
    return { runId: ticket.runId, topic: importTopic(ticket.runId), finished: ticket.finished };
  }

  /** An import run and, once it ended, its report; the applications' new secrets come with the first answer only. */
  async run(runId: number): Promise<ImportRun> {
    const row = await this.o.jobs.runs.find(runId);
    if (!row || row.kind !== JobKind.import) throw notFound();
    return {
      runId: row.id,
      status: row.status,
      end: row.end,
      message: row.message,
      result: row.detail ? (JSON.parse(row.detail) as ImportResult) : null,
      secrets: this.takeSecrets(row.end ? runId : null),
    };
  }

  private takeSecrets(runId: number | null): IssuedSecret[] {
    if (runId === null) return [];
    const secrets = this.secrets.get(runId) ?? [];
    this.secrets.delete(runId);
    return secrets;
  }

  /**
   * The user's own sendNotify.js / notify.py kept in scripts/ (Baihu's beside it under its other name), for the
   * panel's notice. Looking also installs Baihu's library where it is missing.
   */
  async keptLibraries(): Promise<ImportNotifyLibrary[]> {
    return installScriptLibraries(this.o.targets.paths, await loadStockHashes());
  }
}
