import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { AccessKind, appScopes, type AppScope } from '../contract/access.ts';
import { closedAccess, type Access } from './declare.ts';

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

/**
 * Mounts the areas' route plugins a second time under `prefix` (`<base>open`): the same handlers, marked as the open
 * surface, where application tokens count (access/enforce.ts). A twin the open API does not serve is closed (it
 * answers 404), so the route table still lists it and the access sweep still tries it. `publicRoutes` (the token
 * exchange) are mounted as they are, outside that rule.
 */
export async function mountOpenApi(
  app: FastifyInstance,
  options: { prefix: string; areas: readonly FastifyPluginAsync[]; publicRoutes: FastifyPluginAsync },
): Promise<void> {
  await app.register(
    async (open) => {
      await open.register(async (twins) => {
        twins.addHook('onRoute', (route: RouteOptions) => {
          route.config ??= {};
          route.config.surface = 'open';
          if (!servedOnOpen(route.config.access, firstSegment(route.url, options.prefix))) {
            route.config.access = closedAccess;
          }
        });
        for (const routes of options.areas) await twins.register(routes);
      });
      await open.register(async (exchange) => {
        exchange.addHook('onRoute', (route: RouteOptions) => {
          route.config ??= {};
          route.config.surface = 'open';
        });
        await exchange.register(options.publicRoutes);
      });
    },
    { prefix: options.prefix },
  );
}
