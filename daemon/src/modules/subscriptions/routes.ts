import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import { Done, IdList, IdParams, LogReply } from '../../contract/common.ts';
import { LogFile } from '../../contract/files.ts';
import {
  SubscriptionStatusReport,
  ParsedCommand,
  Subscription,
  SubscriptionInput,
  SubscriptionRun,
  SubscriptionUpdateInput,
} from '../../contract/subscriptions.ts';
import { ok } from '../../http/reply.ts';
import type { SubscriptionService } from './service.ts';
import { scopeAccess } from '../../access/declare.ts';

/** /api/subscriptions: Qinglong's paths and payloads. Live pull output: topic `sub:<runId>` on /api/ws. */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<{ subscriptions: SubscriptionService }> = async (
  app,
  { subscriptions },
) => {
  const batch = { config: { access: scopeAccess('subscriptions') }, schema: { body: IdList, response: Done } };

  app.get(
    '/subscriptions',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: {
        querystring: Type.Object({
          searchValue: Type.Optional(Type.String({ maxLength: 500 })),
          ids: Type.Optional(Type.String({ maxLength: 100_000 })),
        }),
        response: { 200: Ok(Type.Array(Subscription)), ...failures },
      },
    },
    async (req) => ok(await subscriptions.list(req.query)),
  );
  app.post(
    '/subscriptions',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: { body: SubscriptionInput, response: { 200: Ok(Subscription), ...failures } },
    },
    async (req) => ok(await subscriptions.create(req.body)),
  );
  app.put(
    '/subscriptions',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: { body: SubscriptionUpdateInput, response: { 200: Ok(Subscription), ...failures } },
    },
    async (req) => ok(await subscriptions.update(req.body)),
  );
  app.delete(
    '/subscriptions',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: {
        querystring: Type.Object({ force: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }),
        body: IdList,
        response: Done,
      },
    },
    async (req) => ok(await subscriptions.remove(req.body, req.query.force === 'true').then(() => null)),
  );
  app.post(
    '/subscriptions/parse',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: {
        body: Type.Object({ command: Type.String({ minLength: 1, maxLength: 10_000 }) }),
        response: { 200: Ok(ParsedCommand), ...failures },
      },
    },
    async (req) => ok(subscriptions.parse(req.body.command)),
  );
  app.put(
    '/subscriptions/status',
    { config: { access: scopeAccess('subscriptions') }, schema: { body: SubscriptionStatusReport, response: Done } },
    async () => ok(null),
  );
  app.put('/subscriptions/run', batch, async (req) => ok(await subscriptions.run(req.body).then(() => null)));
  app.put('/subscriptions/stop', batch, async (req) => ok(await subscriptions.stop(req.body).then(() => null)));
  app.put('/subscriptions/enable', batch, async (req) =>
    ok(await subscriptions.setDisabled(req.body, 0).then(() => null)),
  );
  app.put('/subscriptions/disable', batch, async (req) =>
    ok(await subscriptions.setDisabled(req.body, 1).then(() => null)),
  );
  app.get(
    '/subscriptions/:id',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: { params: IdParams, response: { 200: Ok(Subscription), ...failures } },
    },
    async (req) => ok(await subscriptions.get(req.params.id)),
  );
  app.get(
    '/subscriptions/:id/log',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: { params: IdParams, response: { 200: LogReply, ...failures } },
    },
    async (req) => {
      const { data, logStatus } = await subscriptions.log(req.params.id);
      return { code: 200 as const, data, logStatus };
    },
  );
  app.get(
    '/subscriptions/:id/logs',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: { params: IdParams, response: { 200: Ok(Type.Array(LogFile)), ...failures } },
    },
    async (req) => ok(await subscriptions.logFiles(req.params.id)),
  );
  app.get(
    '/subscriptions/:id/instances',
    {
      config: { access: scopeAccess('subscriptions') },
      schema: {
        params: IdParams,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
        response: { 200: Ok(Type.Array(SubscriptionRun)), ...failures },
      },
    },
    async (req) => ok(await subscriptions.runs(req.params.id, req.query.limit ?? 50)),
  );
};
