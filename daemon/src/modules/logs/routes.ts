import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { failures, Ok } from '../../contract/envelope.ts';
import { FileNode, ListPageQuery, pageOf } from '../../contract/files.ts';
import { LogRun, logSearchMaxQuery } from '../../contract/logs.ts';
import { FileDownloadBody, sendFileDownload } from '../../http/download.ts';
import { requestLanguage } from '../../http/language.ts';
import { ok } from '../../http/reply.ts';
import { tailDefaultBytes, type LogService } from './service.ts';
import { scopeAccess } from '../../access/declare.ts';

const Name = Type.String({ maxLength: 255 });
const Dir = Type.Optional(Type.String({ maxLength: 1000 }));
const Target = Type.Object({ filename: Name, path: Dir, type: Type.Optional(Type.String({ maxLength: 20 })) });
/** Qinglong's shape: `logStatus` beside `data`, not inside it; Baihu adds `size` and, while running, `topic`. */
const DetailReply = Type.Object({
  code: Type.Literal(200),
  data: Type.String(),
  logStatus: Type.String(),
  size: Type.Number(),
  topic: Type.Optional(Type.String()),
  run: Type.Optional(LogRun),
  label: Type.Optional(Type.String()),
});
const Range = Type.Object({ text: Type.String(), start: Type.Number(), end: Type.Number(), size: Type.Number() });

/** Aborted when the caller goes away, so a search nobody reads stops reading files. */
function stopWhenGone(request: IncomingMessage): AbortSignal {
  const controller = new AbortController();
  request.socket.once('close', () => controller.abort());
  return controller.signal;
}

/** JSON lines as they are found (a route whose schema names no 200 body). */
const sendStream = (reply: FastifyReply, stream: Readable): FastifyReply =>
  reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);

/** /api/logs: the tree of data/log, the end of a log, raw pages of huge logs, download and delete. */
export const logRoutes: FastifyPluginAsyncTypebox<{ logs: LogService }> = async (app, { logs }) => {
  app.get(
    '/logs',
    {
      config: { access: scopeAccess('logs') },
      schema: {
        querystring: Type.Object({ path: Dir, ...ListPageQuery }),
        response: { 200: Ok(Type.Array(FileNode)), ...failures },
      },
    },
    async (req) => ok(await logs.tree(req.query.path, pageOf(req.query))),
  );
  app.get(
    '/logs/detail',
    {
      config: { access: scopeAccess('logs') },
      schema: { querystring: Type.Object({ path: Dir, file: Name }), response: { 200: DetailReply, ...failures } },
    },
    async (req) => ({
      code: 200 as const,
      ...(await logs.detail(req.query.path, req.query.file, requestLanguage(req))),
    }),
  );
  app.get(
    '/logs/search',
    {
      config: { access: scopeAccess('logs') },
      schema: {
        querystring: Type.Object({ q: Type.String({ minLength: 1, maxLength: logSearchMaxQuery }), path: Dir }),
        response: failures,
      },
    },
    async (req, reply) => {
      // A wrong folder is refused as a normal reply before the stream starts.
      const found = logs.search(req.query.q, req.query.path, stopWhenGone(req.raw));
      const first = await found.next();
      const lines = async function* () {
        if (!first.done) yield `${JSON.stringify(first.value)}\n`;
        for await (const record of found) yield `${JSON.stringify(record)}\n`;
      };
      return sendStream(reply, Readable.from(lines()));
    },
  );
  app.get(
    '/logs/tail',
    {
      config: { access: scopeAccess('logs') },
      schema: {
        querystring: Type.Object({
          path: Dir,
          file: Name,
          bytes: Type.Integer({ minimum: 1, default: tailDefaultBytes }),
          end: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
        response: { 200: Ok(Range), ...failures },
      },
    },
    async (req) => ok(await logs.tail(req.query.path, req.query.file, req.query.bytes, req.query.end)),
  );
  app.delete(
    '/logs',
    {
      config: { access: scopeAccess('logs') },
      schema: { body: Target, response: { 200: Ok(Type.Null()), ...failures } },
    },
    async (req) => ok(await logs.remove(req.body.path, req.body.filename).then(() => null)),
  );
  app.post(
    '/logs/download',
    {
      config: { access: scopeAccess('logs'), lenientBody: true },
      schema: { body: FileDownloadBody, response: failures },
    },
    async (req, reply) => sendFileDownload(reply, logs.root, req.body),
  );
  app.get(
    '/logs/:file',
    {
      config: { access: scopeAccess('logs') },
      schema: {
        params: Type.Object({ file: Name }),
        querystring: Type.Object({ path: Dir }),
        response: { 200: DetailReply, ...failures },
      },
    },
    async (req) => ({
      code: 200 as const,
      ...(await logs.detail(req.query.path, req.params.file, requestLanguage(req))),
    }),
  );
};
