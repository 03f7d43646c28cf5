import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeAccess, sessionAccess } from '../../access/declare.ts';
import { failures } from '../../contract/envelope.ts';
import { openApiDocument } from './openapi.ts';

export interface ObserveRouteDeps {
  /** The Prometheus text of this moment. */
  metrics: () => Promise<string>;
  baseUrl: string;
  version: string;
}

/**
 * /api/docs/openapi.json and /api/metrics: for people and tools looking at the panel. Mounted under /api only.
 * The document is built from the route table on the first request (it costs nothing at idle) and kept.
 */
export const observeRoutes: FastifyPluginAsyncTypebox<ObserveRouteDeps> = async (app, deps) => {
  let document: string | undefined;

  app.get(
    '/docs/openapi.json',
    {
      config: { access: sessionAccess },
      // The document goes out as the JSON text it was kept as (a string is never serialized again).
      schema: { response: { 200: Type.Unknown(), ...failures } },
    },
    async (_req, reply) => {
      document ??= JSON.stringify(openApiDocument(app.routeTable, { baseUrl: deps.baseUrl, version: deps.version }));
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
    },
  );

  // A scraper is configured once: besides the session it takes a `system`-scoped application's token, or its
  // client id and secret as HTTP Basic credentials (Prometheus' basic_auth), here under /api.
  app.get(
    '/metrics',
    {
      config: { access: scopeAccess('system', { appsOnApi: true, basic: true }) },
      schema: { response: { 200: Type.String(), ...failures } },
    },
    async (_req, reply) =>
      reply
        .type('text/plain; version=0.0.4; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await deps.metrics()),
  );
};
