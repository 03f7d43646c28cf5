import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Cron, CronCreateInput, CronRun, CronStatusReport, CronUpdateInput } from '../../contract/tasks.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { Done, IdList, IdParams, LogReply } from '../../contract/common.ts';
import { ListPageQuery, LogFile, pageOf } from '../../contract/files.ts';
import { requestLanguage } from '../../http/language.ts';
import { ok } from '../../http/reply.ts';
import type { CronService } from './service.ts';
import { scopeAccess } from '../../access/declare.ts';

const LabelsBody = Type.Object({
  ids: IdList,
  labels: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 50 }),
});
const ListQuery = Type.Object({
  searchValue: Type.Optional(Type.String({ maxLength: 500 })),
  // Qinglong reads these leniently (`Number(page || '0')`); clients send `page=` when they want everything.
  page: Type.Optional(Type.String({ pattern: '^[0-9]{0,9}$' })),
  size: Type.Optional(Type.String({ pattern: '^[0-9]{0,6}$' })),
  sorter: Type.Optional(Type.String({ maxLength: 1000 })),
  filters: Type.Optional(Type.String({ maxLength: 10000 })),
  queryString: Type.Optional(Type.String({ maxLength: 50000 })),
});
const CronList = Type.Object({ data: Type.Array(Cron), total: Type.Integer() });

/** /api/crons: Qinglong's paths and payloads. Static paths (/views, /detail, /import…) win over /:id in the router. */
export const cronRoutes: FastifyPluginAsyncTypebox<{ crons: CronService }> = async (app, { crons }) => {
  const batch = { config: { access: scopeAccess('crons') }, schema: { body: IdList, response: Done } };

  app.get(
    '/crons',
    {
      config: { access: scopeAccess('crons') },
      schema: { querystring: ListQuery, response: { 200: Ok(CronList), ...failures } },
    },
    // The service hands back the finished JSON (see listReply); a string payload skips the serializer, which the
    // schema's typing cannot express, hence the cast.
    async (req, reply) =>
      reply.type('application/json; charset=utf-8').send((await crons.listReply(req.query)) as never),
  );
  app.post(
    '/crons',
    {
      config: { access: scopeAccess('crons') },
      schema: { body: CronCreateInput, response: { 200: Ok(Cron), ...failures } },
    },
    async (req) => ok(await crons.create(req.body)),
  );
  app.put(
    '/crons',
    {
      config: { access: scopeAccess('crons') },
      schema: { body: CronUpdateInput, response: { 200: Ok(Cron), ...failures } },
    },
    async (req) => ok(await crons.update(req.body)),
  );
  app.delete('/crons', batch, async (req) => ok(await crons.remove(req.body).then(() => null)));

  app.get(
    '/crons/detail',
    {
      config: { access: scopeAccess('crons') },
      schema: {
        querystring: Type.Object({ log_path: Type.String({ minLength: 1, maxLength: 1000 }) }),
        response: { 200: Ok(Type.Union([Cron, Type.Null()])), ...failures },
      },
    },
    async (req) => ok(await crons.detail(req.query.log_path)),
  );
  app.get(
    '/crons/import',
    { config: { access: scopeAccess('crons') }, schema: { response: { 200: Ok(Type.Array(Cron)), ...failures } } },
    async () => ok(await crons.importCrontab()),
  );

  app.put(
    '/crons/status',
    { config: { access: scopeAccess('crons') }, schema: { body: CronStatusReport, response: Done } },
    async (req) => ok(await crons.reportStatus(req.body).then(() => null)),
  );
  app.put('/crons/run', batch, async (req) => ok(await crons.run(req.body).then(() => null)));
  app.put('/crons/stop', batch, async (req) => ok(await crons.stop(req.body).then(() => null)));
  app.put('/crons/enable', batch, async (req) => ok(await crons.setDisabled(req.body, 0).then(() => null)));
  app.put('/crons/disable', batch, async (req) => ok(await crons.setDisabled(req.body, 1).then(() => null)));
  app.put('/crons/pin', batch, async (req) => ok(await crons.setPinned(req.body, 1).then(() => null)));
  app.put('/crons/unpin', batch, async (req) => ok(await crons.setPinned(req.body, 0).then(() => null)));

  const labels = { config: { access: scopeAccess('crons') }, schema: { body: LabelsBody, response: Done } };
  app.post('/crons/labels', labels, async (req) =>
    ok(await crons.addLabels(req.body.ids, req.body.labels).then(() => null)),
  );
  app.delete('/crons/labels', labels, async (req) =>
    ok(await crons.removeLabels(req.body.ids, req.body.labels).then(() => null)),
  );

  app.get(
    '/crons/:id',
    {
      config: { access: scopeAccess('crons') },
      schema: { params: IdParams, response: { 200: Ok(Cron), ...failures } },
    },
    async (req) => ok(await crons.get(req.params.id)),
  );
  app.get(
    '/crons/:id/log',
    {
      config: { access: scopeAccess('crons') },
      schema: { params: IdParams, response: { 200: LogReply, ...failures } },
    },
    async (req) => ({
      code: 200 as const,
      ...(await crons.log(req.params.id, requestLanguage(req))),
    }),
  );
  app.get(
    '/crons/:id/logs',
    {
      config: { access: scopeAccess('crons') },
      schema: {
        params: IdParams,
        querystring: Type.Object(ListPageQuery),
        response: { 200: Ok(Type.Array(LogFile)), ...failures },
      },
    },
    async (req) => ok(await crons.logFiles(req.params.id, pageOf(req.query))),
  );
  app.get(
    '/crons/:id/instances',
    {
      config: { access: scopeAccess('crons') },
      schema: {
        params: IdParams,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }),
        response: { 200: Ok(Type.Array(CronRun)), ...failures },
      },
    },
    async (req) => ok(await crons.runs(req.params.id, req.query.limit ?? 100)),
  );
  app.post(
    '/crons/:id/instances/:iid/stop',
    {
      config: { access: scopeAccess('crons') },
      schema: { params: Type.Object({ id: Type.Integer(), iid: Type.Integer() }), response: Done },
    },
    async (req) => ok(await crons.stopRun(req.params.id, req.params.iid).then(() => null)),
  );
};
