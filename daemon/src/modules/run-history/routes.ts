import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeAccess } from '../../access/declare.ts';
import { RunTrigger } from '../../contract/enums.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { ok } from '../../http/reply.ts';
import type { RunHistoryService } from './service.ts';

/** `PUT /api/system/run-history/run`: a retention pass now; answers its run id (null when one already waits). */
export const runHistoryRoutes: FastifyPluginAsyncTypebox<{ history: RunHistoryService }> = async (app, { history }) => {
  app.put(
    '/system/run-history/run',
    {
      config: { access: scopeAccess('system') },
      schema: { response: { 200: Ok(Type.Object({ runId: Type.Union([Type.Integer(), Type.Null()]) })), ...failures } },
    },
    async () => ok({ runId: await history.run(RunTrigger.manual) }),
  );
};
