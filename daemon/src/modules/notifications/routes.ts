import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import {
  LastDelivery,
  NotificationSettingsBody,
  NotificationSettingsReply,
  ScriptNotifyBody,
  ScriptNotifyReply,
  SystemNotifyBody,
  TaskPolicyBody,
} from '../../contract/notification-schemas.ts';
import { requestLanguage } from '../../http/language.ts';
import { ok } from '../../http/reply.ts';
import type { NotificationService } from './service.ts';
import { runAccess, scopeAccess, sessionAccess } from '../../access/declare.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { localTargetsOf, saveLocalTargets } from './local-targets.ts';
import { LocalTargets } from '../../contract/local-targets.ts';

export const notificationRoutes: FastifyPluginAsyncTypebox<{
  service: NotificationService;
  settings: SettingsStore;
}> = async (app, { service, settings }) => {
  const settingsReply = { response: { 200: Ok(NotificationSettingsReply), ...failures } };

  app.get('/user/notification', { config: { access: sessionAccess }, schema: settingsReply }, async () =>
    ok(await service.get()),
  );

  app.put(
    '/user/notification',
    { config: { access: sessionAccess }, schema: { body: NotificationSettingsBody, ...settingsReply } },
    async (req) => ok(await service.update(req.body, requestLanguage(req))),
  );

  // Qinglong's first-run step. It needs the session that the account step opens: before the account exists nobody
  // may point the panel's notifications anywhere (they would carry the owner's sign-in notices).
  app.put(
    '/user/notification/init',
    {
      config: { access: sessionAccess, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: NotificationSettingsBody, ...settingsReply },
    },
    async (req) => ok(await service.update(req.body, requestLanguage(req))),
  );

  // Which local-network addresses channels may reach. Only the signed-in owner changes it, like the channel itself.
  const localTargetsReply = { response: { 200: Ok(LocalTargets), ...failures } };
  app.get('/user/notification/local-targets', { config: { access: sessionAccess }, schema: localTargetsReply }, () =>
    ok(localTargetsOf(settings)),
  );
  app.put(
    '/user/notification/local-targets',
    { config: { access: sessionAccess }, schema: { body: LocalTargets, ...localTargetsReply } },
    async (req) => ok(await saveLocalTargets(settings, req.body)),
  );

  // What became of the last notification (time, channel, ok or why not), shown on the settings page.
  app.get(
    '/user/notification/last-delivery',
    {
      config: { access: sessionAccess },
      schema: { response: { 200: Ok(Type.Union([LastDelivery, Type.Null()])), ...failures } },
    },
    () => ok(service.lastDelivery()),
  );

  app.get(
    '/user/notification/task-policy',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(TaskPolicyBody), ...failures } } },
    async () => ok({ policy: await service.taskPolicy() }),
  );

  app.put(
    '/user/notification/task-policy',
    {
      config: { access: sessionAccess },
      schema: { body: TaskPolicyBody, response: { 200: Ok(TaskPolicyBody), ...failures } },
    },
    async (req) => ok({ policy: await service.setTaskPolicy(req.body.policy) }),
  );

  app.put(
    '/system/notify',
    {
      config: { access: scopeAccess('system') },
      schema: { body: SystemNotifyBody, response: { 200: Ok(Type.Null()), ...failures } },
    },
    async (req) => {
      await service.systemNotify(req.body, requestLanguage(req), req.runId);
      return ok(null);
    },
  );

  // Called by sendNotify.js / notify.py from inside a run: the run's own token opens it, and nothing else.
  app.post(
    '/notify/script',
    {
      config: { access: runAccess },
      schema: { body: ScriptNotifyBody, response: { 200: Ok(ScriptNotifyReply), ...failures } },
    },
    async (req) => ok(await service.scriptNotify(req.body, req.runId)),
  );
};
