import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access, Surface } from './declare.ts';

/** One registered route as the router knows it, with its declared access (undefined: it declared none). */
export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  /** Read when asked: the open API's mount may still close a twin after this table saw it (open-surface.ts). */
  readonly access: Access | undefined;
  /** `open` for the twins mounted under /open, `api` otherwise. */
  readonly surface: Surface;
  /** The route's schemas: tests build valid and hostile requests from them, the OpenAPI document describes them. */
  readonly schema:
    { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route in registration order, HEAD twins left out: tests try each of them without anyone listing them. */
    routeTable: RouteEntry[];
  }
}

/**
 * Records every route as it is registered. Call before any route exists. An entry reads the route's options when
 * asked, because onRoute hooks registered later (the open API's) still change them in place.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
        get surface() {
          return route.config?.surface ?? 'api';
        },
        schema: route.schema as RouteEntry['schema'],
      });
    }
  });
  app.addHook('onReady', async () => {
    for (const entry of table) {
      if (!entry.access) app.log.warn({ method: entry.method, url: entry.url }, 'route declares no access: refused');
    }
  });
}
