import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import { Health, SystemInfo } from '../../contract/system.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/reply.ts';
import { publicAccess } from '../../access/declare.ts';

export const systemRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/system',
    { config: { access: publicAccess }, schema: { response: { 200: Ok(SystemInfo), ...failures } } },
    async () => ok({ isInitialized: await ctx.users.isInitialized(), version: ctx.version }),
  );

  app.get(
    '/health',
    { config: { access: publicAccess }, schema: { response: { 200: Ok(Health), ...failures } } },
    async () => ok({ status: 'ok' as const, uptime: Math.round((Date.now() - ctx.startedAt) / 1000) }),
  );
};
