import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CronView, CronViewInput } from '../../contract/tasks.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { Done, IdList } from '../../contract/common.ts';
import { ok } from '../../http/reply.ts';
import type { CronViewService } from './views-service.ts';
import { scopeAccess } from '../../access/declare.ts';

const ViewUpdate = Type.Intersect([Type.Object({ id: Type.Integer() }), Type.Partial(CronViewInput)]);
const MoveBody = Type.Object({
  id: Type.Integer(),
  fromIndex: Type.Optional(Type.Integer({ minimum: 0 })),
  toIndex: Type.Integer({ minimum: 0 }),
});

/** /api/crons/views: the task list's tabs. Lists answer a bare array, as Qinglong's do. */
export const cronViewRoutes: FastifyPluginAsyncTypebox<{ views: CronViewService }> = async (app, { views }) => {
  const batch = { config: { access: scopeAccess('crons') }, schema: { body: IdList, response: Done } };
  const one = { 200: Ok(CronView), ...failures };

  app.get(
    '/crons/views',
    { config: { access: scopeAccess('crons') }, schema: { response: { 200: Ok(Type.Array(CronView)), ...failures } } },
    async () => ok(await views.list()),
  );
  app.post(
    '/crons/views',
    { config: { access: scopeAccess('crons') }, schema: { body: CronViewInput, response: one } },
    async (req) => ok(await views.create(req.body)),
  );
  app.put(
    '/crons/views',
    { config: { access: scopeAccess('crons') }, schema: { body: ViewUpdate, response: one } },
    async (req) => ok(await views.update(req.body)),
  );
  app.delete('/crons/views', batch, async (req) => ok(await views.remove(req.body).then(() => null)));
  app.put(
    '/crons/views/move',
    { config: { access: scopeAccess('crons') }, schema: { body: MoveBody, response: one } },
    async (req) => ok(await views.move(req.body.id, req.body.toIndex)),
  );
  app.put('/crons/views/enable', batch, async (req) => ok(await views.setDisabled(req.body, 0).then(() => null)));
  app.put('/crons/views/disable', batch, async (req) => ok(await views.setDisabled(req.body, 1).then(() => null)));
};
