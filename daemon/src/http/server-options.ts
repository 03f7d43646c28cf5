import { LogController, type FastifyServerOptions } from 'fastify';
import { lazyCompilers } from './lazy-compilers.ts';
import { defaultBodyLimit, type ServerTimeouts } from './limits.ts';
import { parseQuery } from './text-check.ts';

/** How the daemon's one Fastify instance is made (app.ts): routing, limits, timeouts, validation. */
export function serverOptions(o: {
  logger: FastifyServerOptions['logger'];
  timeouts: ServerTimeouts;
  rewriteUrl: NonNullable<FastifyServerOptions['rewriteUrl']>;
}) {
  const { timeouts } = o;
  return {
    logger: o.logger,
    // One line per request would flood the system log of a panel that scripts call all day.
    logController: new LogController({ disableRequestLogging: true }),
    // Closing must not wait for long-lived sockets (live logs, refused upgrades): end them.
    forceCloseConnections: true,
    // No automatic HEAD twin for every GET: each route is a context of its own (about 4 KB resident), and no client
    // of the API sends HEAD. The UI's pages and the health check keep theirs (`exposeHeadRoute: true` on the route).
    exposeHeadRoutes: false,
    // Routing stays case-sensitive and strict: /API/... never matches /api/..., so it reaches no protected route.
    routerOptions: {
      caseSensitive: true,
      ignoreTrailingSlash: true,
      maxParamLength: 500,
      querystringParser: parseQuery,
    },
    bodyLimit: defaultBodyLimit,
    connectionTimeout: timeouts.idleTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    http: { headersTimeout: timeouts.headersTimeoutMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    // Scalars are coerced as Qinglong's Joi converts them ("5" → 5), but a value is never wrapped into a list: with
    // coerceTypes 'array', `5` or `null` passed a bare id list's schema while the handler still got the scalar.
    ajv: { customOptions: { removeAdditional: true, coerceTypes: true, useDefaults: true } },
    schemaController: { compilersFactory: lazyCompilers() },
    // The open API: /open/<path> is served by the route of /api/<path> (access/open-surface.ts).
    rewriteUrl: o.rewriteUrl,
  };
}
