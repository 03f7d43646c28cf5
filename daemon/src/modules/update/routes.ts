import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeAccess, sessionAccess } from '../../access/declare.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { UpdateCheck, UpdateJob, UpdateSettings, UpdateStatus } from '../../contract/update.ts';
import { ok } from '../../http/reply.ts';
import type { UpdateService } from './service.ts';
import type { UpdateSettingsService } from './settings.ts';

/**
 * The administrator's session only, never an application token (the open API closes these twins): an update or a
 * restart replaces what runs every script, and its settings decide where that code comes from.
 */
const access = { access: sessionAccess };
/**
 * The check alone also answers an application with the `system` scope (`/open/system/update-check`, as Qinglong's
 * clients call it): it reads the feed the administrator chose and changes nothing.
 */
const checkAccess = { access: scopeAccess('system') };

/**
 * Qinglong's `PUT /api/system/update-check` ({hasNewVersion, lastVersion, lastLog, lastLogLink} and Baihu's fields),
 * `PUT /api/system/update` (starts the download job) and `PUT /api/system/reload` (restart; `{type: 'system'}` or
 * none); Baihu's status for the progress page, the dismissal of a failed start, and the update settings.
 */
export const updateRoutes: FastifyPluginAsyncTypebox<{
  updates: UpdateService;
  settings: UpdateSettingsService;
}> = async (app, { updates, settings }) => {
  app.put(
    '/system/update-check',
    {
      config: checkAccess,
      schema: { response: { 200: Ok(UpdateCheck), ...failures } },
    },
    async () => ok(await updates.check()),
  );

  app.put(
    '/system/update',
    {
      config: access,
      schema: { response: { 200: Ok(UpdateJob), ...failures } },
    },
    async () => ok(await updates.download()),
  );

  app.get(
    '/system/update/status',
    { config: access, schema: { response: { 200: Ok(UpdateStatus), ...failures } } },
    async () => ok(updates.status()),
  );

  app.delete(
    '/system/update/attempt',
    { config: access, schema: { response: { 200: Ok(Type.Null()), ...failures } } },
    async () => {
      await updates.dismissAttempt();
      return ok(null);
    },
  );

  app.put(
    '/system/reload',
    {
      config: access,
      schema: {
        body: Type.Optional(
          Type.Object({ type: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])) }),
        ),
        response: { 200: Ok(Type.Null()), ...failures },
      },
    },
    async () => {
      updates.restart();
      return ok(null);
    },
  );

  app.get(
    '/system/config/update',
    { config: access, schema: { response: { 200: Ok(UpdateSettings), ...failures } } },
    async () => ok(settings.get()),
  );

  app.put(
    '/system/config/update',
    { config: access, schema: { body: UpdateSettings, response: { 200: Ok(UpdateSettings), ...failures } } },
    async (req) => ok(await settings.set(req.body)),
  );
};
