/**
 * `ql repo` / `ql raw` on this machine (`localAccess`): the subscription the panel would create from the command,
 * pulled now. The shell follows the pull with GET /local/runs/:id (the tasks area's local routes).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { localAccess } from '../../access/declare.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { LocalPullBody, LocalRunQueued } from '../../contract/local.ts';
import { ok } from '../../http/reply.ts';
import type { SubscriptionService } from './service.ts';

export const subscriptionLocalRoutes: FastifyPluginAsyncTypebox<{ subscriptions: SubscriptionService }> = async (
  app,
  { subscriptions },
) => {
  app.post(
    '/local/subscriptions/pull',
    {
      config: { access: localAccess },
      schema: { body: LocalPullBody, response: { 200: Ok(LocalRunQueued), ...failures } },
    },
    async (req) => {
      const { subId, runId } = await subscriptions.pullFromShell(req.body.command, req.body.args);
      return ok({ runId, refId: subId });
    },
  );
};
