import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import { ok } from '../../http/reply.ts';
import type { ConfigService } from './service.ts';
import { scopeAccess } from '../../access/declare.ts';
import { configBodyLimit } from '../../http/limits.ts';

const Option = Type.Object({ title: Type.String(), value: Type.String() });
const Name = Type.String({ maxLength: 300 });
const Text = { 200: Ok(Type.String()), ...failures };

/** /api/configs: Qinglong's paths and payloads (`files` and `samples` answer bare arrays). */
export const configRoutes: FastifyPluginAsyncTypebox<{ configs: ConfigService }> = async (app, { configs }) => {
  app.get(
    '/configs/files',
    { config: { access: scopeAccess('configs') }, schema: { response: { 200: Ok(Type.Array(Option)), ...failures } } },
    async () => ok(await configs.files()),
  );
  app.get(
    '/configs/samples',
    { config: { access: scopeAccess('configs') }, schema: { response: { 200: Ok(Type.Array(Option)), ...failures } } },
    async () => ok(configs.samples()),
  );
  app.get(
    '/configs/detail',
    {
      config: { access: scopeAccess('configs') },
      schema: { querystring: Type.Object({ path: Name }), response: Text },
    },
    async (req) => ok(await configs.read(req.query.path)),
  );
  app.post(
    '/configs/save',
    {
      config: { access: scopeAccess('configs') },
      bodyLimit: configBodyLimit,
      schema: {
        body: Type.Object({ name: Name, content: Type.String({ maxLength: 5 * 1024 * 1024 }) }),
        response: { 200: Ok(Type.Null()), ...failures },
      },
    },
    async (req) => ok(await configs.save(req.body.name, req.body.content).then(() => null)),
  );
  app.get(
    '/configs/:file',
    { config: { access: scopeAccess('configs') }, schema: { params: Type.Object({ file: Name }), response: Text } },
    async (req) => ok(await configs.read(req.params.file)),
  );
};
