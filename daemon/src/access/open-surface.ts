import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { AccessKind, appScopes, type AppScope } from '../contract/access.ts';
import { closedAccess, type Access, type Surface } from './declare.ts';

/** The first segment of a route's path after the mount prefix: Qinglong's scope of `/open/<seg>/…`. */
export function firstSegment(url: string, prefix: string): string {
  return url.slice(prefix.length).replace(/^\/+/, '').split('/', 1)[0] ?? '';
}

const isScope = (segment: string): segment is AppScope => (appScopes as readonly string[]).includes(segment);

/**
 * Whether the open API serves a route: its first segment names a scope (Qinglong grants `/open/<seg>` by `<seg>`),
 * and it is either a scope route or public (`GET /open/system`). Account, application, run-only and socket routes
 * are never served there, whatever their path.
 */
export function servedOnOpen(access: Access | undefined, segment: string): boolean {
  if (!access || !isScope(segment)) return false;
  return access.kind === AccessKind.scope || access.kind === AccessKind.public;
}

/** Requests that came in under /open and were routed to the /api route of the same path (see `rewriteUrl`). */
const arrivedOnOpen = new WeakSet<IncomingMessage>();

/**
 * The open API. `/open/<path>` is served by the very route of `/api/<path>`: the router's URL rewrite maps one onto
 * the other and remembers that the request came in under /open, so no route is registered twice (a second copy of
 * every area's routes cost the idle daemon about 2 MB) and both mounts always run the same handler. On that surface
 * application tokens count, and a route the open API does not serve is closed: it answers like a missing path.
 * The open API's own routes (the token exchange, `/open/auth/…`) are real routes under /open and are not rewritten.
 */
export class OpenSurface {
  readonly api: string;
  readonly open: string;
  private readonly own: string;

  /** `baseUrl` ends with a slash (config.ts): `/` or `/ql/`. */
  constructor(baseUrl: string) {
    this.api = `${baseUrl}api`;
    this.open = `${baseUrl}open`;
    this.own = `${this.open}/auth/`;
  }

  /** Fastify's `rewriteUrl`: runs before routing, on the URL exactly as sent (odd spellings are not rewritten). */
  readonly rewriteUrl = (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${this.open}/`) || url.startsWith(this.own)) return url;
    arrivedOnOpen.add(req);
    return `${this.api}${url.slice(this.open.length)}`;
  };

  /** Which mount the request came in by. */
  surfaceOf(req: FastifyRequest): Surface {
    return arrivedOnOpen.has(req.raw) || req.routeOptions.config?.surface === 'open' ? 'open' : 'api';
  }

  /** A route's access as the open API sees it: its own when served there, closed otherwise. */
  openAccess(access: Access | undefined, routeUrl: string): Access | undefined {
    if (!routeUrl.startsWith(`${this.api}/`)) return access;
    return servedOnOpen(access, firstSegment(routeUrl, this.api)) ? access : closedAccess;
  }

  /** The access that decides the request: the matched route's, closed where the open API does not serve it. */
  accessOf(req: FastifyRequest): Access | undefined {
    const access = req.routeOptions.config?.access;
    return this.surfaceOf(req) === 'open' ? this.openAccess(access, req.routeOptions.url ?? '') : access;
  }

  /** The /open twin of an /api route's URL; undefined for any other route. */
  twinOf(url: string): string | undefined {
    return url.startsWith(`${this.api}/`) ? `${this.open}${url.slice(this.api.length)}` : undefined;
  }

  /** Registers the open API's own routes (the token exchange) under /open, marked as that surface. */
  async mountOwnRoutes(app: FastifyInstance, routes: FastifyPluginAsync): Promise<void> {
    await app.register(
      async (open) => {
        open.addHook('onRoute', (route: RouteOptions) => {
          route.config ??= {};
          route.config.surface = 'open';
        });
        await open.register(routes);
      },
      { prefix: this.open },
    );
  }
}
