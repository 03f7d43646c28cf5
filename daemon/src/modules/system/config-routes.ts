import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import { Languages } from '../../contract/i18n.ts';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../errors.ts';
import { ok } from '../../http/reply.ts';
import { defaultConcurrency, defaultTimezone } from '../crons/engine.ts';
import { maxRunLogLimitMb, runLogLimitMb, SettingKey } from './settings.ts';
import { scopeAccess } from '../../access/declare.ts';

export const maxConcurrency = 64;

function isTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const Effective = Type.Object({ cronConcurrency: Type.Integer(), timezone: Type.String(), lang: Type.String() });

/**
 * Qinglong's `PUT /api/system/config/cron-concurrency | timezone | lang`: the settings the scheduler and the runner
 * read. Each answers the values now in force; the scheduler re-arms at once, so no restart is needed.
 */
export const systemConfigRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { settings, cronEngine } = ctx;
  const effective = () =>
    ok({
      cronConcurrency: settings.get(SettingKey.cronConcurrency, defaultConcurrency()),
      timezone: settings.get(SettingKey.timezone, defaultTimezone()),
      lang: settings.get(SettingKey.logLanguage, 'zh'),
    });
  const reply = { response: { 200: Ok(Effective), ...failures } };

  app.get('/system/config/effective', { config: { access: scopeAccess('system') }, schema: reply }, async () =>
    effective(),
  );

  app.put(
    '/system/config/cron-concurrency',
    {
      config: { access: scopeAccess('system') },
      schema: { body: Type.Object({ cronConcurrency: Type.Union([Type.Integer(), Type.Null()]) }), ...reply },
    },
    async (req) => {
      const value = req.body.cronConcurrency;
      if (value === null) await settings.remove(SettingKey.cronConcurrency);
      else if (value < 1 || value > maxConcurrency) {
        throw fieldError('cronConcurrency', 'concurrencyRange', { max: maxConcurrency });
      } else await settings.set(SettingKey.cronConcurrency, value);
      cronEngine.settingsChanged();
      return effective();
    },
  );

  app.put(
    '/system/config/timezone',
    {
      config: { access: scopeAccess('system') },
      schema: { body: Type.Object({ timezone: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]) }), ...reply },
    },
    async (req) => {
      const zone = req.body.timezone?.trim() || null;
      if (zone === null) await settings.remove(SettingKey.timezone);
      else if (!isTimezone(zone)) {
        throw fieldError('timezone', 'timezoneInvalid');
      } else await settings.set(SettingKey.timezone, zone);
      cronEngine.settingsChanged();
      return effective();
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
    async (req) => {
      const value = req.body.runLogLimitMb;
      if (value < 1 || value > maxRunLogLimitMb) {
        throw fieldError('runLogLimitMb', 'concurrencyRange', { max: maxRunLogLimitMb });
      }
      await settings.set(SettingKey.runLogLimitMb, value);
      return ok({ runLogLimitMb: runLogLimitMb(settings) });
    },
  );

  app.put(
    '/system/config/lang',
    {
      config: { access: scopeAccess('system') },
      schema: { body: Type.Object({ lang: Type.Union(Languages.map((l) => Type.Literal(l))) }), ...reply },
    },
    async (req) => {
      await settings.set(SettingKey.logLanguage, req.body.lang);
      return effective();
    },
  );
};
