/**
 * The local routes of the tasks area (`localAccess`: `task` on this machine with the key from data/db): a `task`
 * typed in a shell runs here, so it gets the panel's variables and lands in the run history, and the shell follows
 * it. Any run (a pull started by `ql repo` too) can be followed and stopped by id.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { localAccess } from '../../access/declare.ts';
import { ResponseCode } from '../../contract/codes.ts';
import { Done, IdParams } from '../../contract/common.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { LocalRun, LocalRunQueued, LocalTaskBody } from '../../contract/local.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { ok } from '../../http/reply.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { DataPaths } from '../../config/paths.ts';
import type { TaskRuns } from './runs.ts';
import { parseTaskCommand, scriptOf } from '../../jobs/executor/task-command.ts';

export const cronLocalRoutes: FastifyPluginAsyncTypebox<{ runs: TaskRuns; jobs: JobRunner; paths: DataPaths }> = async (
  app,
  { runs, jobs, paths },
) => {
  const access = { config: { access: localAccess } };

  app.post(
    '/local/task',
    { ...access, schema: { body: LocalTaskBody, response: { 200: Ok(LocalRunQueued), ...failures } } },
    async (req) => {
      const command = req.body.command;
      if (!/^task(\s|$)/.test(command) || !parseTaskCommand(command).ok) {
        throw new AppError('badRequest', ResponseCode.badRequest);
      }
      const queued = await runs.runFromShell(command, scriptOf(command, paths.scripts));
      if (!queued) throw new AppError('daemonClosing', ResponseCode.conflict);
      return ok({ runId: queued.runId, refId: queued.cronId });
    },
  );

  app.get(
    '/local/runs/:id',
    { ...access, schema: { params: IdParams, response: { 200: Ok(LocalRun), ...failures } } },
    async (req) => {
      const row = await jobs.runs.find(req.params.id);
      if (!row) throw notFound();
      return ok({
        status: row.status,
        end: row.end,
        exitCode: row.exit_code,
        logPath: row.log_path,
        message: row.message,
      });
    },
  );

  app.put('/local/runs/:id/stop', { ...access, schema: { params: IdParams, response: Done } }, async (req) => {
    await jobs.stop(req.params.id);
    return ok(null);
  });
};
