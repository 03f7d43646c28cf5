import { EventEmitter } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Health } from '../contract/system.ts';
import type { ServerTimeouts } from '../http/limits.ts';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** Fastify's own default, which its server had before the door made it (fastify's `keepAliveTimeout`). */
const keepAliveTimeoutMs = 72_000;

/**
 * The daemon's listening socket, open before the app is loaded (server.ts): loading the app's code and building its
 * areas take most of the start, and a monitor or the entrypoint should see a live daemon at once
 * (docs/performance.md, start). Until the app is handed the door, the health check is answered here — ready: false,
 * the version the process runs — and every other request and WebSocket upgrade waits, to be served by the app in the
 * order it came. The app then serves everything, the health check included (modules/system).
 */
export class Door {
  readonly server: http.Server;
  /** The app's WebSocket upgrades (@fastify/websocket listens here, app.ts): only those the app may serve. */
  readonly upgrades = new EventEmitter();
  private handler: RequestHandler | null = null;
  private app: RequestHandler | null = null;
  private readonly waiting: (() => void)[] = [];

  private constructor(
    timeouts: ServerTimeouts,
    private readonly healthPath: string,
    private readonly version: string,
  ) {
    this.server = http.createServer({
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    });
    this.server.keepAliveTimeout = keepAliveTimeoutMs;
    this.server.setTimeout(timeouts.idleTimeoutMs);
    this.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.app) return this.app(request, response);
      if (this.isHealthCheck(request)) return this.answerHealth(request, response);
      this.waiting.push(() => this.app!(request, response));
    });
    this.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.app) return this.upgrades.emit('upgrade', request, socket, head);
      // Node takes its error listener off an upgraded socket; a client gone while it waits must not end the daemon.
      socket.on('error', () => socket.destroy());
      this.waiting.push(() => this.upgrades.emit('upgrade', request, socket, head));
    });
  }

  /** Listens on `host`:`port`; the health check lives at `<baseUrl>api/health`. */
  static async open(o: {
    host: string;
    port: number;
    baseUrl: string;
    version: string;
    timeouts: ServerTimeouts;
  }): Promise<Door> {
    const door = new Door(o.timeouts, `${o.baseUrl}api/health`, o.version);
    await new Promise<void>((resolve, reject) => {
      door.server.once('error', reject);
      door.server.listen({ host: o.host, port: o.port }, () => {
        door.server.off('error', reject);
        resolve();
      });
    });
    return door;
  }

  /** Fastify's `serverFactory` (app.ts): the app's request handler, kept for the hand-over; the server is this one. */
  readonly serverFactory = (handler: RequestHandler): http.Server => {
    this.handler = handler;
    return this.server;
  };

  /** From now on the app serves every request; those that waited are served first, in their order. */
  handOver(): void {
    if (!this.handler) throw new Error('the door was not given to the app (serverFactory)');
    this.app = this.handler;
    for (const serve of this.waiting.splice(0)) serve();
  }

  /** `http://host:port` as bound. */
  address(): string {
    const { address, port, family } = this.server.address() as AddressInfo;
    return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  }

  /** Stops accepting connections; `closeConnections` then ends those still open (the app, closing, ended its work). */
  stopAccepting(): void {
    this.server.close();
  }

  closeConnections(): void {
    this.server.closeAllConnections();
  }

  private isHealthCheck(request: IncomingMessage): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    return (query < 0 ? url : url.slice(0, query)) === this.healthPath;
  }

  private answerHealth(request: IncomingMessage, response: ServerResponse): void {
    const health: Health = { status: 'ok', uptime: Math.round(process.uptime()), version: this.version, ready: false };
    const body = JSON.stringify({ code: 200, data: health });
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}
