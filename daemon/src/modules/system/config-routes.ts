import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeAccess } from '../../access/declare.ts';
import { DependencySettings } from '../../contract/dependencies.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { Languages } from '../../contract/i18n.ts';
import { ok } from '../../http/reply.ts';
import type { SystemService } from './service.ts';

const Effective = Type.Object({
  cronConcurrency: Type.Integer(),
  timezone: Type.String(),
  /** The language run logs and notifications are written in now. */
  lang: Type.String(),
  /** No language was chosen: they follow the language the panel is shown in (Baihu's). */
  langFollowsPanel: Type.Boolean(),
});
const SystemConfig = Type.Object({
  info: Type.Object({
    ...DependencySettings.properties,
    cronConcurrency: Type.Optional(Type.Integer()),
    timezone: Type.Optional(Type.String()),
    lang: Type.Optional(Type.String()),
    runLogLimitMb: Type.Optional(Type.Integer()),
  }),
});

/**
 * Qinglong's `GET /api/system/config` and `PUT /api/system/config/cron-concurrency | timezone | lang`: the settings
 * the scheduler and the runner read. Each PUT answers the values now in force.
 */
export const systemConfigRoutes: FastifyPluginAsyncTypebox<{ system: SystemService }> = async (app, { system }) => {
  const reply = { response: { 200: Ok(Effective), ...failures } };

  app.get(
    '/system/config',
    { config: { access: scopeAccess('system') }, schema: { response: { 200: Ok(SystemConfig), ...failures } } },
    async () => ok({ info: system.config() }),
  );

  app.get('/system/config/effective', { config: { access: scopeAccess('system') }, schema: reply }, async () =>
    ok(system.effective()),
  );

  app.put(
    '/system/config/cron-concurrency',
    {
      config: { access: scopeAccess('system') },
      schema: { body: Type.Object({ cronConcurrency: Type.Union([Type.Integer(), Type.Null()]) }), ...reply },
    },
    async (req) => {
      await system.setConcurrency(req.body.cronConcurrency);
      return ok(system.effective());
    },
  );

  app.put(
    '/system/config/timezone',
    {
      config: { access: scopeAccess('system') },
      schema: { body: Type.Object({ timezone: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]) }), ...reply },
    },
    async (req) => {
      await system.setTimezone(req.body.timezone?.trim() || null);
      return ok(system.effective());
    },
  );

  // Not one of Qinglong's settings: the cap of one run's output in its log and live stream. No null for "default"
  // here: with coerceTypes, ajv turns null into 0 for an integer (and 0 into null the other way round).
  app.put(
    '/system/config/log-limit',
    {
      config: { access: scopeAccess('system') },
      schema: {
        body: Type.Object({ runLogLimitMb: Type.Integer() }),
        response: { 200: Ok(Type.Object({ runLogLimitMb: Type.Integer() })), ...failures },
      },
    },
    async (req) => ok({ runLogLimitMb: await system.setRunLogLimit(req.body.runLogLimitMb) }),
  );

  app.put(
    '/system/config/lang',
    {
      config: { access: scopeAccess('system') },
      schema: {
        body: Type.Object({ lang: Type.Union([...Languages.map((l) => Type.Literal(l)), Type.Null()]) }),
        ...reply,
      },
    },
    async (req) => {
      await system.setLanguage(req.body.lang);
      return ok(system.effective());
    },
  );
};
