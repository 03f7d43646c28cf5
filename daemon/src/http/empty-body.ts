import type { FastifyRequest } from 'fastify';

/**
 * A route hook (`onRequest: emptyBodyAsNone`) for routes whose callers send `Content-Type: application/json` with no
 * body at all (Qinglong's panel calls `PUT /system/update-check` that way): the request is read as one without a
 * body, instead of refused as an empty JSON document. A body that is there is parsed as usual.
 */
export async function emptyBodyAsNone(req: FastifyRequest): Promise<void> {
  if (req.headers['content-length'] === '0' && req.headers['transfer-encoding'] === undefined) {
    delete req.headers['content-type'];
  }
}
