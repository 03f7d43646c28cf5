/**
 * `ql reload` / `ql restart` on this machine (`localAccess`): the daemon closes cleanly (runs stopped and saved) and
 * exits 0, which its supervisor (the image's entrypoint) answers with a restart at once. Where nothing supervises it
 * (tests, an embedding), `restart` is null and the route refuses.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { localAccess } from '../../access/declare.ts';
import { ResponseCode } from '../../contract/codes.ts';
import { Done } from '../../contract/common.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../http/reply.ts';

export const systemLocalRoutes: FastifyPluginAsyncTypebox<{ restart: (() => void) | null }> = async (
  app,
  { restart },
) => {
  app.put('/local/restart', { config: { access: localAccess }, schema: { response: Done } }, async (req, reply) => {
    if (!restart) throw new AppError('restartUnsupported', ResponseCode.conflict);
    // After the answer is out: the shell learns the restart was accepted before the socket closes.
    reply.raw.once('finish', () => setImmediate(restart));
    return ok(null);
  });
};
