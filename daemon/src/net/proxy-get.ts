/**
 * GET through an HTTP proxy, for single-file subscriptions (Node's fetch has no proxy support, and undici's
 * ProxyAgent is not exposed on Node 20). Plain http targets are asked of the proxy by absolute URL; https targets go
 * through a CONNECT tunnel with TLS on top, so the proxy never sees the content.
 */
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import tls from 'node:tls';

export interface ProxiedResponse {
  status: number;
  location: string | undefined;
  contentLength: number;
  body: http.IncomingMessage;
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

function tunnel(proxy: URL, target: URL, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const port = target.port || '443';
    const request = http.request({
      host: proxy.hostname,
      port: proxy.port || 80,
      method: 'CONNECT',
      path: `${target.hostname}:${port}`,
      headers: { host: `${target.hostname}:${port}`, ...proxyAuthorization(proxy) },
      signal,
    });
    request.once('connect', (res, socket) => {
      if (res.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`the proxy refused the tunnel (HTTP ${res.statusCode})`));
      }
    });
    request.once('error', reject);
    request.end();
  });
}

export async function proxiedGet(
  target: URL,
  headers: Record<string, string>,
  proxyUrl: string,
  signal: AbortSignal,
): Promise<ProxiedResponse> {
  const proxy = new URL(proxyUrl);
  const respond = (res: http.IncomingMessage): ProxiedResponse => ({
    status: res.statusCode ?? 0,
    location: res.headers.location,
    contentLength: Number(res.headers['content-length'] ?? 0),
    body: res,
  });
  if (target.protocol === 'http:') {
    return new Promise((resolve, reject) => {
      const request = http.request({
        host: proxy.hostname,
        port: proxy.port || 80,
        path: target.href,
        headers: { ...headers, host: target.host, ...proxyAuthorization(proxy) },
        signal,
      });
      request.once('response', (res) => resolve(respond(res)));
      request.once('error', reject);
      request.end();
    });
  }
  const socket = await tunnel(proxy, target, signal);
  return new Promise((resolve, reject) => {
    const request = https.request({
      host: target.hostname,
      path: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      signal,
      createConnection: () => tls.connect({ socket, servername: target.hostname }),
    });
    request.once('response', (res) => resolve(respond(res)));
    request.once('error', reject);
    request.end();
  });
}

/** Reads a response body up to `limit` bytes; larger bodies are refused. */
export async function readLimited(body: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
