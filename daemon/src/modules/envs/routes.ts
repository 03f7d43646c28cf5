import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import { Done, IdList, IdParams } from '../../contract/common.ts';
import { EnvStatus } from '../../contract/enums.ts';
import { Env, EnvInput, EnvMoveInput, EnvUpdateInput } from '../../contract/envs.ts';
import { AppError } from '../../errors/app-error.ts';
import { ok } from '../../http/reply.ts';
import type { EnvService } from './service.ts';
import { parseEnvFile } from './validate.ts';
import { scopeAccess } from '../../access/declare.ts';
import { envBodyLimit } from '../../http/limits.ts';

const LabelsBody = Type.Object({
  ids: IdList,
  labels: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 50 }),
});
const RenameBody = Type.Object({ ids: IdList, name: Type.String({ minLength: 1, maxLength: 200 }) });
/** An imported file is at most this big. */
const envFileMaxBytes = 20 * 1024 * 1024;

/**
 * /api/envs: Qinglong's paths and payloads. Values are secrets: request logging is off for the whole daemon and no
 * handler here logs a body. Export is the list itself (Qinglong's screen saves it as JSON).
 */
export const envRoutes: FastifyPluginAsyncTypebox<{ envs: EnvService }> = async (app, { envs }) => {
  const batch = { config: { access: scopeAccess('envs') }, schema: { body: IdList, response: Done } };

  app.get(
    '/envs',
    {
      config: { access: scopeAccess('envs') },
      schema: {
        querystring: Type.Object({ searchValue: Type.Optional(Type.String({ maxLength: 500 })) }),
        response: { 200: Ok(Type.Array(Env)), ...failures },
      },
    },
    async (req) => ok(await envs.list(req.query.searchValue)),
  );
  app.post(
    '/envs',
    {
      config: { access: scopeAccess('envs') },
      bodyLimit: envBodyLimit,
      schema: {
        body: Type.Array(EnvInput, { minItems: 1, maxItems: 100000 }),
        response: { 200: Ok(Type.Array(Env)), ...failures },
      },
    },
    async (req) => ok(await envs.create(req.body)),
  );
  app.put(
    '/envs',
    {
      config: { access: scopeAccess('envs') },
      bodyLimit: envBodyLimit,
      schema: { body: EnvUpdateInput, response: { 200: Ok(Env), ...failures } },
    },
    async (req) => ok(await envs.update(req.body)),
  );
  app.delete('/envs', batch, async (req) => ok(await envs.remove(req.body).then(() => null)));

  app.put('/envs/enable', batch, async (req) => ok(await envs.setStatus(req.body, EnvStatus.normal).then(() => null)));
  app.put('/envs/disable', batch, async (req) =>
    ok(await envs.setStatus(req.body, EnvStatus.disabled).then(() => null)),
  );
  app.put('/envs/pin', batch, async (req) => ok(await envs.setPinned(req.body, 1).then(() => null)));
  app.put('/envs/unpin', batch, async (req) => ok(await envs.setPinned(req.body, 0).then(() => null)));
  app.put(
    '/envs/name',
    { config: { access: scopeAccess('envs') }, schema: { body: RenameBody, response: Done } },
    async (req) => ok(await envs.rename(req.body.ids, req.body.name).then(() => null)),
  );

  const labels = { config: { access: scopeAccess('envs') }, schema: { body: LabelsBody, response: Done } };
  app.post('/envs/labels', labels, async (req) =>
    ok(await envs.addLabels(req.body.ids, req.body.labels).then(() => null)),
  );
  app.delete('/envs/labels', labels, async (req) =>
    ok(await envs.removeLabels(req.body.ids, req.body.labels).then(() => null)),
  );

  app.post(
    '/envs/upload',
    { config: { access: scopeAccess('envs') }, schema: { response: { 200: Ok(Type.Array(Env)), ...failures } } },
    async (req) => {
      const file = await req.file({ limits: { fileSize: envFileMaxBytes, files: 1 } }).catch(() => undefined);
      if (!file || file.fieldname !== 'env') throw new AppError('envFileInvalid');
      const bytes = await file.toBuffer().catch(() => null);
      if (!bytes || file.file.truncated) throw new AppError('envFileInvalid');
      return ok(await envs.create(parseEnvFile(bytes)));
    },
  );

  app.get(
    '/envs/:id',
    { config: { access: scopeAccess('envs') }, schema: { params: IdParams, response: { 200: Ok(Env), ...failures } } },
    async (req) => ok(await envs.get(req.params.id)),
  );
  app.put(
    '/envs/:id/move',
    {
      config: { access: scopeAccess('envs') },
      schema: { params: IdParams, body: EnvMoveInput, response: { 200: Ok(Env), ...failures } },
    },
    async (req) => ok(await envs.move(req.params.id, req.body.toIndex)),
  );
};
