import { AccessKind } from '../../contract/access.ts';
import type { RouteEntry } from '../../access/route-table.ts';

/** OpenAPI 3.1: its Schema Object is JSON Schema 2020-12, which TypeBox schemas already are. */
type Json = Record<string, unknown>;

/** `:id` → `{id}`, a trailing `*` → `{path}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');

/** TypeBox's schemas carry symbols (its kinds); a JSON round trip leaves the plain JSON Schema. */
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema ?? {})) as Json;

function parametersOf(schema: unknown, where: 'query' | 'path'): Json[] {
  const object = plain(schema);
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function responsesOf(response: Record<string, unknown> | undefined): Json {
  const out: Json = {};
  for (const [status, schema] of Object.entries(response ?? { 200: {} })) {
    const key = status.replace(/xx$/i, 'XX');
    out[key] = {
      description: key === '200' ? 'Success: `{code: 200, data}`' : 'Failure: `{code, message, error}`',
      content: { 'application/json': { schema: plain(schema) } },
    };
  }
  return out;
}

interface Mounts {
  api: string;
  open: string;
}

/** Who may call an operation, as OpenAPI security requirements (OAS 3.1 allows role names: the scope here). */
function securityOf(route: RouteEntry, served: { api: boolean; open: boolean }): Json[] | undefined {
  const access = route.access;
  if (!access || access.kind === AccessKind.public) return [];
  if (access.kind === AccessKind.run) return [{ runToken: [] }];
  if (access.kind === AccessKind.session) return [{ session: [] }];
  if (access.kind !== AccessKind.scope) return undefined;
  const requirements: Json[] = [{ session: [] }];
  if (served.open || access.appsOnApi) requirements.push({ appToken: [access.scope] });
  if (access.basic) requirements.push({ appCredentials: [access.scope] });
  return requirements;
}

/**
 * The OpenAPI document of the daemon, from its own route table: every /api route once, with the mounts that serve it
 * (`/api` for the browser's session, `/open` for application tokens) and, for each, the scope that opens it
 * (`x-baihu-scope`, and the role of the `appToken` requirement). Built on the first request, then kept.
 */
export function openApiDocument(routes: readonly RouteEntry[], options: { baseUrl: string; version: string }): Json {
  const mounts: Mounts = { api: `${options.baseUrl}api`, open: `${options.baseUrl}open` };
  const servedOpen = new Set(
    routes
      .filter((r) => r.surface === 'open' && r.access && r.access.kind !== AccessKind.closed)
      .map((r) => `${r.method} ${r.url.slice(mounts.open.length)}`),
  );
  const paths: Record<string, Json> = {};
  const add = (route: RouteEntry, path: string, served: { api: boolean; open: boolean }) => {
    const access = route.access;
    const operation: Json = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = '') => c.toUpperCase())}`,
      tags: [path.split('/')[1] ?? ''],
      servers: [
        ...(served.api ? [{ url: mounts.api, description: 'The browser session' }] : []),
        ...(served.open ? [{ url: mounts.open, description: 'Application tokens (open API)' }] : []),
      ],
      'x-baihu-access': access?.kind ?? 'none',
      ...(access?.kind === AccessKind.scope ? { 'x-baihu-scope': access.scope } : {}),
      security: securityOf(route, served),
      parameters: [...parametersOf(route.schema?.params, 'path'), ...parametersOf(route.schema?.querystring, 'query')],
      responses: responsesOf(route.schema?.response),
    };
    if (route.schema?.body !== undefined) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: plain(route.schema.body) } } };
    }
    const key = openApiPath(path);
    paths[key] = { ...paths[key], [route.method.toLowerCase()]: operation };
  };

  for (const route of routes) {
    if (route.surface === 'api' && route.url.startsWith(`${mounts.api}/`)) {
      const path = route.url.slice(mounts.api.length);
      add(route, path, { api: true, open: servedOpen.has(`${route.method} ${path}`) });
    }
  }
  // Routes only the open API has (the token exchange).
  for (const route of routes) {
    if (route.surface !== 'open' || !route.access || route.access.kind === AccessKind.closed) continue;
    const path = route.url.slice(mounts.open.length);
    if (!routes.some((r) => r.surface === 'api' && r.method === route.method && r.url === `${mounts.api}${path}`)) {
      add(route, path, { api: false, open: true });
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Baihu',
      version: options.version,
      description:
        "Baihu's HTTP API: Qinglong's paths and envelopes (`{code, data}` / `{code, message}`). The browser signs in at " +
        '`POST /api/user/login`; applications trade their client id and secret for a token at `GET /open/auth/token` ' +
        'and call `/open/<scope>/…` with it. See docs/api.md.',
    },
    servers: [{ url: mounts.api }],
    components: {
      securitySchemes: {
        session: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/user/login.' },
        appToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A token of GET /open/auth/token; its application must hold the scope named as the role.',
        },
        appCredentials: { type: 'http', scheme: 'basic', description: 'client_id:client_secret of an application.' },
        runToken: { type: 'http', scheme: 'bearer', description: "A run's own token (BAIHU_NOTIFY_TOKEN)." },
      },
    },
    paths,
  };
}
