import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import { Languages } from '../../contract/i18n.ts';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../errors.ts';
import { ok } from '../../http/reply.ts';
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
      cronConcurrency: settings.get('cronConcurrency'),
      timezone: settings.get('timezone'),
      lang: settings.get('lang'),
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
      if (value === null) await settings.reset('cronConcurrency');
      else if (value < 1 || value > maxConcurrency) {
        throw fieldError('cronConcurrency', 'concurrencyRange', { max: maxConcurrency });
      } else await settings.set('cronConcurrency', value);
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
      if (zone === null) await settings.reset('timezone');
      else if (!isTimezone(zone)) {
        throw fieldError('timezone', 'timezoneInvalid');
      } else await settings.set('timezone', zone);
      cronEngine.settingsChanged();
      return effective();
    },
  );

  app.put(
    '/system/config/lang',
    {
      config: { access: scopeAccess('system') },
      schema: { body: Type.Object({ lang: Type.Union(Languages.map((l) => Type.Literal(l))) }), ...reply },
    },
    async (req) => {
      await settings.set('lang', req.body.lang);
      return effective();
    },
  );
};
