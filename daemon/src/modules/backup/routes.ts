import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionAccess } from '../../access/declare.ts';
import {
  BackupOverview,
  BackupPartSchema,
  BackupSettings,
  BackupStarted,
  RestoreCheck,
  RestoreConfirmed,
} from '../../contract/backup.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { AppError } from '../../errors/app-error.ts';
import { downloadOf } from '../../files/read.ts';
import { sendDownload } from '../../http/download.ts';
import { ok } from '../../http/reply.ts';
import { restoreCeilings } from './check.ts';
import type { BackupService } from './service.ts';

const Name = Type.String({ maxLength: 100 });
// Backup and restore hand over or replace all the data: the panel's session only, never an application token.
const access = { access: sessionAccess };

/**
 * The panel's backup and restore routes (`/api/system/backup…`, `/api/system/restore…`), for the panel's session
 * only.
 */
export const backupRoutes: FastifyPluginAsyncTypebox<{ backups: BackupService }> = async (app, { backups }) => {
  app.get(
    '/system/backup',
    { config: access, schema: { response: { 200: Ok(BackupOverview), ...failures } } },
    async () => ok(await backups.overview()),
  );

  app.post(
    '/system/backup',
    {
      config: access,
      schema: {
        body: Type.Object({ parts: Type.Array(BackupPartSchema, { maxItems: 20 }) }),
        response: { 200: Ok(BackupStarted), ...failures },
      },
    },
    async (req) => ok(await backups.start(req.body.parts)),
  );

  app.put(
    '/system/config/backup',
    { config: access, schema: { body: BackupSettings, response: { 200: Ok(BackupSettings), ...failures } } },
    async (req) => ok(await backups.saveSettings(req.body)),
  );

  app.get(
    '/system/backup/files/:name',
    { config: access, schema: { params: Type.Object({ name: Name }), response: failures } },
    async (req, reply) =>
      sendDownload(reply, await downloadOf(await backups.backupFile(req.params.name), req.params.name)),
  );

  app.delete(
    '/system/backup/files/:name',
    {
      config: access,
      schema: { params: Type.Object({ name: Name }), response: { 200: Ok(Type.Null()), ...failures } },
    },
    async (req) => ok(await backups.deleteFile(req.params.name).then(() => null)),
  );

  app.post(
    '/system/restore',
    {
      config: access,
      schema: { response: { 200: Ok(RestoreCheck), ...failures } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('restoreNoFile');
      const file = await req.file({ limits: { fileSize: restoreCeilings.maxTotalBytes, files: 1 } });
      if (!file) throw new AppError('restoreNoFile');
      return ok(await backups.check(file.file));
    },
  );

  app.post(
    '/system/restore/from-backup',
    {
      config: access,
      schema: { body: Type.Object({ name: Name }), response: { 200: Ok(RestoreCheck), ...failures } },
    },
    async (req) => ok(await backups.checkKept(req.body.name)),
  );

  app.put(
    '/system/restore',
    {
      config: access,
      schema: {
        body: Type.Object({ id: Type.String({ maxLength: 40 }) }),
        response: { 200: Ok(RestoreConfirmed), ...failures },
      },
    },
    async (req) => ok(await backups.confirm(req.body.id)),
  );

  app.delete(
    '/system/restore',
    { config: access, schema: { response: { 200: Ok(Type.Null()), ...failures } } },
    async () => ok(await backups.discard().then(() => null)),
  );
};
