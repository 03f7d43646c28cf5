import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { publicAccess, sessionAccess } from '../../access/declare.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { setupDonePath } from '../../contract/setup.ts';
import { Health, SystemInfo } from '../../contract/system.ts';
import { ok } from '../../http/reply.ts';
import type { SystemService } from './service.ts';

export const systemRoutes: FastifyPluginAsyncTypebox<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    '/system',
    { config: { access: publicAccess }, schema: { response: { 200: Ok(SystemInfo), ...failures } } },
    async () => ok(await system.info()),
  );

  app.put(
    `/${setupDonePath}`,
    {
      config: { access: sessionAccess },
      schema: { body: Type.Object({}), response: { 200: Ok(Type.Null()), ...failures } },
    },
    async () => {
      await system.setupDone();
      return ok(null);
    },
  );

  app.get(
    '/health',
    // Monitors may probe with HEAD (http/server-options.ts leaves HEAD out elsewhere).
    { exposeHeadRoute: true, config: { access: publicAccess }, schema: { response: { 200: Ok(Health), ...failures } } },
    async () => ok(system.health()),
  );
};
