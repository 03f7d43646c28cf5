import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeAccess } from '../../access/declare.ts';
import { Done } from '../../contract/common.ts';
import { failures } from '../../contract/envelope.ts';
import { ok } from '../../http/reply.ts';
import type { CommandRuns } from './commands.ts';

const CommandBody = Type.Object({ command: Type.String({ minLength: 1, maxLength: 10_000, pattern: '\\S' }) });
const StopBody = Type.Object({
  command: Type.Optional(Type.String({ maxLength: 10_000 })),
  pid: Type.Optional(Type.Integer({ minimum: 1 })),
});

/**
 * PUT /system/command-run streams the command's output as the reply (application/octet-stream), with the headers
 * Qinglong's clients read first: `QL-Task-Pid` and `QL-Task-Log` (relative to data/log). PUT /system/command-stop
 * `{pid}` or `{command}`. Both take the bodies Qinglong's clients send (form or JSON as text too).
 */
export const commandRoutes: FastifyPluginAsyncTypebox<{ commands: CommandRuns }> = async (app, { commands }) => {
  app.put(
    '/system/command-run',
    {
      config: { access: scopeAccess('system'), lenientBody: true },
      // The reply is the output itself (a stream), never serialized.
      schema: { body: CommandBody, response: { 200: Type.Unknown(), ...failures } },
    },
    async (req, reply) => {
      const run = await commands.start(req.body.command);
      return reply
        .type('application/octet-stream')
        .header('cache-control', 'no-store')
        .header('QL-Task-Pid', String(run.pid))
        .header('QL-Task-Log', run.log)
        .send(run.output);
    },
  );
  app.put(
    '/system/command-stop',
    { config: { access: scopeAccess('system'), lenientBody: true }, schema: { body: StopBody, response: Done } },
    async (req) => ok(await commands.stop(req.body).then(() => null)),
  );
};
