import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeAccess, sessionAccess } from '../../access/declare.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { AppError } from '../../errors/app-error.ts';
import { sendStreamDownload } from '../../http/download.ts';
import { ok } from '../../http/reply.ts';
import { restoreCeilings } from './check.ts';
import type { BackupService } from './service.ts';

/**
 * Qinglong's backup routes, as its clients call them: `PUT /system/data/export {type[]}` answers the archive itself
 * (`data.tgz`), `PUT /system/data/import` takes multipart `data` and answers its entries (Qinglong answers tar's
 * listing), and `PUT /update/data` applies what was imported and restarts. Both archive kinds are accepted: a Baihu
 * backup and a Qinglong data.tgz. The export also answers an application with the `system` scope, as Qinglong's
 * `exportData` does (that scope already runs any command, `command-run`); replacing the data stays the session's.
 */
export const qinglongBackupRoutes: FastifyPluginAsyncTypebox<{ backups: BackupService }> = async (app, { backups }) => {
  app.put(
    '/system/data/export',
    {
      config: { access: scopeAccess('system') },
      schema: {
        body: Type.Object({ type: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 20 })) }),
        response: failures,
      },
    },
    async (req, reply) => {
      return sendStreamDownload(reply, 'data.tgz', await backups.exportStream(req.body.type ?? []), 'application/gzip');
    },
  );

  app.put(
    '/system/data/import',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(Type.String()), ...failures } } },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('restoreNoFile');
      const file = await req.file({ limits: { fileSize: restoreCeilings.maxTotalBytes, files: 1 } });
      if (!file || file.fieldname !== 'data') throw new AppError('restoreNoFile');
      const check = await backups.check(file.file);
      return ok(await backups.listingOf(check));
    },
  );

  // Not an application scope in Qinglong either (`/open/update` is refused): the panel's session only.
  app.put(
    '/update/data',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(Type.Null()), ...failures } } },
    async () => ok(await backups.confirm(null).then(() => null)),
  );
};
