/**
 * `ql import-qinglong <dir> [--dry-run] [--replace-account]`: the panel's Qinglong import from the shell. It builds
 * the daemon's parts in this process without serving or scheduling anything (no timers start), so the import is
 * the same job, through the same areas, as from the panel; its log is printed as it goes, and the dependencies it
 * queued are installed before it returns. A daemon running on the same data dir arms the imported schedules when it
 * restarts (`ql check` tells whether one runs).
 */
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../app/app.ts';
import type { Config } from '../config/config.ts';
import type { ImportPreview } from '../contract/import-schemas.ts';
import { formatImportReason, ImportKinds, importKindLabels, type ImportReason } from '../contract/import.ts';
import type { Language } from '../contract/i18n.ts';
import { formatMessage } from '../contract/messages.ts';
import { AppError } from '../errors/app-error.ts';

export const importUsage = `Usage: ql import-qinglong <dir> [--dry-run] [--replace-account]

Imports a Qinglong data folder (the one holding db/database.sqlite, or the folder holding it, like /ql): account,
tasks, views, variables, subscriptions, dependencies, notification and settings, and the files (config, scripts,
repo, raw, log). The source is only read. Running it again brings only what is new.
  --dry-run          show what would be imported and what would be skipped, and why; change nothing
  --replace-account  use Qinglong's account (username, password, 2FA) even if Baihu already has one`;

/** The report in words: counts per kind, then every item skipped or brought with a caveat. */
export function describePreview(preview: ImportPreview, lang: Language): string {
  const lines = [`Qinglong: ${preview.source.dir} (${preview.source.flavour})`];
  if (preview.account) lines.push(`${importKindLabels.account[lang]}: ${preview.account.username}`);
  for (const kind of ImportKinds) {
    const { found, importable, skipped } = preview.counts[kind];
    if (found === 0 && importable === 0) continue;
    lines.push(`  ${importKindLabels[kind][lang]}: ${importable}/${found}${skipped ? ` (-${skipped})` : ''}`);
  }
  for (const item of preview.skipped)
    lines.push(`- [${item.kind}] ${item.item}: ${formatImportReason(item.reason as ImportReason, lang)}`);
  for (const item of preview.notices)
    lines.push(`! [${item.kind}] ${item.item}: ${formatImportReason(item.reason as ImportReason, lang)}`);
  return lines.join('\n');
}

/** Prints what the log file gains until `done` settles, then the rest. */
async function follow(file: () => Promise<string | null>, done: Promise<unknown>): Promise<void> {
  let handle: FileHandle | null = null;
  let offset = 0;
  let finished = false;
  void done.finally(() => (finished = true));
  const drain = async () => {
    const name = handle ? null : await file();
    if (!handle && name) handle = await open(name, 'r').catch(() => null);
    if (!handle) return;
    for (;;) {
      const { bytesRead, buffer } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, offset);
      if (bytesRead === 0) return;
      offset += bytesRead;
      process.stdout.write(buffer.subarray(0, bytesRead));
    }
  };
  while (!finished) {
    await drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await drain();
  await (handle as FileHandle | null)?.close();
}

export async function importQinglong(config: Config, args: string[]): Promise<number> {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const dirs = args.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => !['--dry-run', '--replace-account', '--help'].includes(f));
  if (flags.has('--help')) {
    console.log(importUsage);
    return 0;
  }
  if (dirs.length !== 1 || unknown.length > 0) {
    console.error(importUsage);
    return 2;
  }
  const app = await buildApp({ config });
  const lang = app.ctx.settings.get('lang');
  try {
    const importer = app.ctx.qinglongImport;
    if (flags.has('--dry-run')) {
      console.log(describePreview(await importer.preview(dirs[0]!), lang));
      return 0;
    }
    const started = await importer.start({ dir: dirs[0]!, replaceAccount: flags.has('--replace-account') }, 'cli');
    const logFile = async () => {
      const row = await app.ctx.jobs.runs.find(started.runId);
      return row?.log_path ? path.join(app.ctx.paths.log, row.log_path) : null;
    };
    await follow(logFile, started.finished);
    const run = await importer.run(started.runId);
    if (run.end !== 'success' || !run.result) {
      console.error(run.message ?? run.end);
      return 1;
    }
    console.log(describePreview(run.result, lang));
    // The applications' new secrets exist only here and now.
    for (const s of run.secrets) console.log(`${s.name}: client_id=${s.client_id} client_secret=${s.client_secret}`);
    const queued = run.result.written.dependency;
    if (queued > 0) {
      console.log(formatMessage('importDependencyQueued', lang));
      await app.ctx.dependencyQueue.idle();
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`ql import-qinglong: ${formatMessage(error.key, lang, error.params)}`);
      return 1;
    }
    throw error;
  } finally {
    await app.close();
  }
}
