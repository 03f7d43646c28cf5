import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access, Surface } from './declare.ts';
import type { OpenSurface } from './open-surface.ts';

/** One registered route as the router knows it, with its declared access (undefined: it declared none). */
export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  /** Read when asked: an onRoute hook registered later may still change the route's options in place. */
  readonly access: Access | undefined;
  /** `open` for the routes the open API serves under /open (twins of the /api routes, and its own), `api` otherwise. */
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
 * asked, because onRoute hooks registered later still change them in place. Every /api route is listed a second
 * time as its /open twin, with the access the open API gives it there: the router serves the twin with the same
 * route (open-surface.ts), and the sweep and the OpenAPI document see both mounts.
 */
export function recordRoutes(app: FastifyInstance, surface: OpenSurface): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as RouteEntry['schema'];
    const twin = surface.twinOf(route.url);
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
        schema,
      });
      if (twin === undefined) continue;
      table.push({
        method,
        url: twin,
        get access() {
          return surface.openAccess(route.config?.access, route.url);
        },
        surface: 'open',
        schema,
      });
    }
  });
  app.addHook('onReady', async () => {
    for (const entry of table) {
      if (!entry.access) app.log.warn({ method: entry.method, url: entry.url }, 'route declares no access: refused');
    }
  });
}
