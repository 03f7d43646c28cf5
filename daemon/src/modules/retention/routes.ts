import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeAccess } from '../../access/declare.ts';
import { RunTrigger } from '../../contract/enums.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import {
  LogCleanupRun,
  LogCleanupStatus,
  RunHistorySettings,
  RunHistorySettingsBody,
} from '../../contract/retention-schemas.ts';
import { ok } from '../../http/reply.ts';
import type { RetentionService } from './service.ts';

const access = { access: scopeAccess('system') };

/**
 * Qinglong's `PUT /api/system/config/log-remove-frequency {logRemoveFrequency}` (answering the body it was given, as
 * Qinglong does), the run-history limits (Baihu's own), and the panel's status and run-now routes.
 */
export const retentionRoutes: FastifyPluginAsyncTypebox<{ retention: RetentionService }> = async (
  app,
  { retention },
) => {
  app.put(
    '/system/config/log-remove-frequency',
    {
      config: access,
      schema: {
        body: Type.Object({ logRemoveFrequency: Type.Union([Type.Null(), Type.Integer()]) }),
        response: {
          200: Ok(Type.Object({ logRemoveFrequency: Type.Union([Type.Null(), Type.Integer()]) })),
          ...failures,
        },
      },
    },
    async (req) => ok({ logRemoveFrequency: await retention.setFrequency(req.body.logRemoveFrequency) }),
  );

  app.get(
    '/system/config/run-history',
    { config: access, schema: { response: { 200: Ok(RunHistorySettings), ...failures } } },
    async () => ok(retention.runHistory()),
  );

  app.put(
    '/system/config/run-history',
    {
      config: access,
      schema: { body: RunHistorySettingsBody, response: { 200: Ok(RunHistorySettings), ...failures } },
    },
    async (req) => ok(await retention.setRunHistory(req.body)),
  );

  app.get(
    '/system/log-cleanup',
    { config: access, schema: { response: { 200: Ok(LogCleanupStatus), ...failures } } },
    async () => ok(await retention.status()),
  );

  app.put(
    '/system/log-cleanup/run',
    { config: access, schema: { response: { 200: Ok(LogCleanupRun), ...failures } } },
    async () => ok(await retention.run(RunTrigger.manual)),
  );
};
