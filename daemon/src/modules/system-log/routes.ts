import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { scopeAccess } from '../../access/declare.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { SystemLogEntries, SystemLogQuery, SystemLogSettings } from '../../contract/system-log-schemas.ts';
import { ok } from '../../http/reply.ts';
import type { SystemLogService } from './service.ts';

const access = { access: scopeAccess('system') };

/** The stream as Qinglong sends it: raw bytes, their length, and how much the chosen days hold. */
function sendText(reply: FastifyReply, { body, length, total }: { body: Readable; length: number; total: number }) {
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', length)
    .header('x-ql-log-total', total)
    .header('x-ql-log-truncated', total > length ? 'true' : 'false')
    .send(body);
}

/**
 * Qinglong's `GET /api/system/log?startTime&endTime` (the text, streamed, the last MB at most, with its
 * X-QL-Log-Total / X-QL-Log-Truncated headers) and `DELETE /api/system/log`; Baihu's filtered entries for the panel
 * and the retention settings.
 */
export const systemLogRoutes: FastifyPluginAsyncTypebox<{ systemLog: SystemLogService }> = async (
  app,
  { systemLog },
) => {
  app.get(
    '/system/log',
    {
      config: access,
      schema: {
        querystring: Type.Object({
          startTime: Type.Optional(Type.String({ maxLength: 64 })),
          endTime: Type.Optional(Type.String({ maxLength: 64 })),
          t: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { ...failures },
      },
    },
    async (req, reply) => sendText(reply, await systemLog.stream(req.query)),
  );

  app.delete(
    '/system/log',
    { config: access, schema: { response: { 200: Ok(Type.Null()), ...failures } } },
    async () => {
      systemLog.clear();
      return ok(null);
    },
  );

  app.get(
    '/system/log/entries',
    { config: access, schema: { querystring: SystemLogQuery, response: { 200: Ok(SystemLogEntries), ...failures } } },
    async (req) => ok(await systemLog.entries(req.query)),
  );

  app.get(
    '/system/config/system-log',
    { config: access, schema: { response: { 200: Ok(SystemLogSettings), ...failures } } },
    async () => ok(systemLog.config()),
  );

  app.put(
    '/system/config/system-log',
    { config: access, schema: { body: SystemLogSettings, response: { 200: Ok(SystemLogSettings), ...failures } } },
    async (req) => ok(await systemLog.configure(req.body)),
  );
};
