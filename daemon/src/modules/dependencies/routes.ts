import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Dependency, DependencyInput, DependencyUpdateInput } from '../../contract/dependencies.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { Done, IdList } from '../../contract/common.ts';
import { ok } from '../../http/reply.ts';
import type { DependencyService } from './service.ts';
import { scopeAccess } from '../../access/declare.ts';

const ListQuery = Type.Object({
  searchValue: Type.Optional(Type.String({ maxLength: 500 })),
  type: Type.Optional(
    Type.Union([Type.Literal('nodejs'), Type.Literal('python3'), Type.Literal('linux'), Type.Literal('')]),
  ),
  /** Comma-separated status numbers. */
  status: Type.Optional(Type.String({ pattern: '^[0-9,]*$', maxLength: 100 })),
});

/** /api/dependencies: Qinglong's paths and payloads. Live output: topic `dep:<id>` on /api/ws. */
export const dependencyRoutes: FastifyPluginAsyncTypebox<{ dependencies: DependencyService }> = async (
  app,
  { dependencies },
) => {
  const batch = { config: { access: scopeAccess('dependencies') }, schema: { body: IdList, response: Done } };

  app.get(
    '/dependencies',
    {
      config: { access: scopeAccess('dependencies') },
      schema: { querystring: ListQuery, response: { 200: Ok(Type.Array(Dependency)), ...failures } },
    },
    async (req) => ok(await dependencies.list(req.query)),
  );
  app.post(
    '/dependencies',
    {
      config: { access: scopeAccess('dependencies') },
      schema: {
        body: Type.Array(DependencyInput, { minItems: 1, maxItems: 1000 }),
        response: { 200: Ok(Type.Array(Dependency)), ...failures },
      },
    },
    async (req) => ok(await dependencies.create(req.body)),
  );
  app.put(
    '/dependencies',
    {
      config: { access: scopeAccess('dependencies') },
      schema: { body: DependencyUpdateInput, response: { 200: Ok(Dependency), ...failures } },
    },
    async (req) => ok(await dependencies.update(req.body)),
  );
  app.delete('/dependencies', batch, async (req) => ok(await dependencies.remove(req.body, false).then(() => null)));
  app.delete('/dependencies/force', batch, async (req) =>
    ok(await dependencies.remove(req.body, true).then(() => null)),
  );
  app.put('/dependencies/reinstall', batch, async (req) => ok(await dependencies.reinstall(req.body).then(() => null)));
  app.put('/dependencies/cancel', batch, async (req) => ok(await dependencies.cancel(req.body).then(() => null)));
  app.get(
    '/dependencies/:id',
    {
      config: { access: scopeAccess('dependencies') },
      schema: { params: Type.Object({ id: Type.Integer() }), response: { 200: Ok(Dependency), ...failures } },
    },
    async (req) => ok(await dependencies.get(req.params.id)),
  );
};
