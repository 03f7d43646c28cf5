import type { FastifyInstance } from 'fastify';
import type { Access } from './declare.ts';

/** One registered route as the router knows it, with its declared access (undefined: it declared none). */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's request schemas, so tests can build valid and hostile requests for it. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route in registration order, HEAD twins left out: tests try each of them without anyone listing them. */
    routeTable: RouteEntry[];
  }
}

/** Records every route as it is registered. Call before any route exists. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
      if (!route.config?.access) app.log.warn({ method, url: route.url }, 'route declares no access: refused to all');
    }
  });
}
