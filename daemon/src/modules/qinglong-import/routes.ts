import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionAccess } from '../../access/declare.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import {
  ImportNotifyLibrary,
  ImportPreview,
  ImportRequest,
  ImportRun,
  ImportStarted,
} from '../../contract/import-schemas.ts';
import { ok } from '../../http/reply.ts';
import type { QinglongImportService } from './service.ts';

/**
 * The import reads a folder of the daemon's machine that the user names (Qinglong's data folder, outside Baihu's):
 * it is not a path inside the data folder, so it does not go through the file resolver; it is only ever read
 * (read-only SQLite, file listing and copies from it), and only the signed-in owner may name it — never an
 * application token, so these routes are not mounted under /open.
 */
export const qinglongImportRoutes: FastifyPluginAsyncTypebox<{ importer: QinglongImportService }> = async (
  app,
  { importer },
) => {
  app.post(
    '/system/import-qinglong/preview',
    {
      config: { access: sessionAccess },
      schema: { body: Type.Pick(ImportRequest, ['dir']), response: { 200: Ok(ImportPreview), ...failures } },
    },
    async (request) => ok(await importer.preview(request.body.dir)),
  );

  app.post(
    '/system/import-qinglong',
    {
      config: { access: sessionAccess },
      schema: { body: ImportRequest, response: { 200: Ok(ImportStarted), ...failures } },
    },
    async (request) => {
      const { runId, topic } = await importer.start(request.body);
      return ok({ runId, topic });
    },
  );

  app.get(
    '/system/import-qinglong/:runId',
    {
      config: { access: sessionAccess },
      schema: {
        params: Type.Object({ runId: Type.Integer({ minimum: 1 }) }),
        response: { 200: Ok(ImportRun), ...failures },
      },
    },
    async (request) => ok(await importer.run(request.params.runId)),
  );

  app.get(
    '/system/notify-libraries',
    {
      config: { access: sessionAccess },
      schema: { response: { 200: Ok(Type.Array(ImportNotifyLibrary)), ...failures } },
    },
    async () => ok(await importer.keptLibraries()),
  );
};
