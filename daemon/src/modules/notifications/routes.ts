import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import {
  NotificationSettingsBody,
  NotificationSettingsReply,
  ScriptNotifyBody,
  ScriptNotifyReply,
  SystemNotifyBody,
  TaskPolicyBody,
} from '../../contract/notify-schemas.ts';
import { requestLanguage } from '../../http/language.ts';
import { ok } from '../../http/reply.ts';
import type { NotificationService } from './service.ts';

const bearer = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization;
  return typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : undefined;
};

export const notificationRoutes: FastifyPluginAsyncTypebox<{ service: NotificationService }> = async (
  app,
  { service },
) => {
  const settingsReply = { response: { 200: Ok(NotificationSettingsReply), ...failures } };

  app.get('/user/notification', { schema: settingsReply }, async () => ok(await service.get()));

  app.put('/user/notification', { schema: { body: NotificationSettingsBody, ...settingsReply } }, async (req) =>
    ok(await service.update(req.body, requestLanguage(req))),
  );

  // Public (gate.ts), like Qinglong's first-run step; refused with 450 once the account exists.
  app.put(
    '/user/notification/init',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: NotificationSettingsBody, ...settingsReply },
    },
    async (req) => ok(await service.init(req.body, requestLanguage(req))),
  );

  app.get(
    '/user/notification/task-policy',
    { schema: { response: { 200: Ok(TaskPolicyBody), ...failures } } },
    async () => ok({ policy: await service.taskPolicy() }),
  );

  app.put(
    '/user/notification/task-policy',
    { schema: { body: TaskPolicyBody, response: { 200: Ok(TaskPolicyBody), ...failures } } },
    async (req) => ok({ policy: await service.setTaskPolicy(req.body.policy) }),
  );

  app.put(
    '/system/notify',
    { schema: { body: SystemNotifyBody, response: { 200: Ok(Type.Null()), ...failures } } },
    async (req) => {
      await service.systemNotify(req.body, requestLanguage(req));
      return ok(null);
    },
  );

  // Public at the gate; the run token checked by the service is what authorises it.
  app.post(
    '/notify/script',
    { schema: { body: ScriptNotifyBody, response: { 200: Ok(ScriptNotifyReply), ...failures } } },
    async (req) => ok(await service.scriptNotify(bearer(req), req.body)),
  );
};
