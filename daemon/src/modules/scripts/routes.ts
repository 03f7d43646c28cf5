import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ResponseCode } from '../../contract/codes.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { Done } from '../../contract/common.ts';
import { FileNode } from '../../contract/files.ts';
import { AppError, fieldError } from '../../errors/app-error.ts';
import { FileDownloadBody, sendFileDownload } from '../../http/download.ts';
import { ok } from '../../http/reply.ts';
import type { DebugRuns } from './debug.ts';
import type { ScriptService } from './service.ts';
import { scopeAccess } from '../../access/declare.ts';
import { scriptBodyLimit } from '../../http/limits.ts';

const Name = Type.String({ maxLength: 255 });
const Dir = Type.Optional(Type.String({ maxLength: 1000 }));
const Content = Type.String({ maxLength: 20 * 1024 * 1024 });
const FileQuery = Type.Object({ path: Dir, file: Name });

/** POST /scripts as JSON: save `{filename, path, content, originFilename}` or mkdir `{directory, path}`. */
const CreateBody = Type.Object({
  filename: Type.Optional(Name),
  path: Dir,
  content: Type.Optional(Content),
  originFilename: Type.Optional(Name),
  directory: Type.Optional(Type.String({ maxLength: 1000 })),
});
const SaveBody = Type.Object({ filename: Name, path: Dir, content: Type.Optional(Content) });
const TargetBody = Type.Object({ filename: Name, path: Dir, type: Type.Optional(Type.String({ maxLength: 20 })) });
const RenameBody = Type.Object({ filename: Name, path: Dir, newFilename: Name });
const StopBody = Type.Object({
  runId: Type.Optional(Type.String({ maxLength: 100 })),
  // Qinglong's UI sends `pid: ''` when it has none (then the run is found by its file).
  pid: Type.Optional(Type.Union([Type.Integer(), Type.Literal('')])),
  filename: Type.Optional(Name),
  path: Dir,
});
const DebugStartedReply = Type.Object({
  code: Type.Literal(200),
  data: Type.Integer(),
  runId: Type.String(),
  pid: Type.Integer(),
  topic: Type.String(),
  marker: Type.String(),
  log: Type.String(),
});

/** An uploaded script is at most this big. */
const uploadMaxBytes = 100 * 1024 * 1024;

/** Multipart upload: fields `path` (and optionally `filename`) and the file `file`, in any order. */
async function readUpload(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  let upload: { name: string; bytes: Buffer } | null = null;
  const invalid = () => new AppError('uploadInvalid', ResponseCode.badRequest, { size: uploadMaxBytes / 1048576 });
  try {
    for await (const part of req.parts({ limits: { fileSize: uploadMaxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file' || part.file.truncated) throw invalid();
        upload = { name: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw error instanceof AppError ? error : invalid();
  }
  if (!upload) throw invalid();
  return { dir: fields.path, filename: fields.filename || upload.name, bytes: upload.bytes };
}

/** /api/scripts: Qinglong's paths and payloads, every name through the one resolver (files/resolve.ts). */
export const scriptRoutes: FastifyPluginAsyncTypebox<{ scripts: ScriptService; debug: DebugRuns }> = async (
  app,
  { scripts, debug },
) => {
  app.get(
    '/scripts',
    {
      config: { access: scopeAccess('scripts') },
      schema: {
        querystring: Type.Object({ path: Dir }),
        response: { 200: Ok(Type.Array(FileNode)), ...failures },
      },
    },
    async (req) => ok(await scripts.tree(req.query.path)),
  );
  app.get(
    '/scripts/detail',
    {
      config: { access: scopeAccess('scripts') },
      schema: { querystring: FileQuery, response: { 200: Ok(Type.String()), ...failures } },
    },
    async (req) => ok(await scripts.read(req.query.path, req.query.file)),
  );
  app.get(
    '/scripts/:file',
    {
      config: { access: scopeAccess('scripts') },
      schema: {
        params: Type.Object({ file: Name }),
        querystring: Type.Object({ path: Dir }),
        response: { 200: Ok(Type.String()), ...failures },
      },
    },
    async (req) => ok(await scripts.read(req.query.path, req.params.file)),
  );

  app.post(
    '/scripts',
    {
      config: { access: scopeAccess('scripts') },
      bodyLimit: scriptBodyLimit,
      schema: { body: CreateBody, response: Done },
      // A multipart upload has no JSON body; its fields are read in the handler.
      preValidation: async (req) => {
        if (req.isMultipart()) req.body = {};
      },
    },
    async (req) => {
      if (req.isMultipart()) {
        const upload = await readUpload(req);
        await scripts.upload(upload.dir, upload.filename, upload.bytes);
        return ok(null);
      }
      const body = req.body;
      if (body.directory !== undefined) {
        await scripts.mkdir(body.path, body.directory);
        return ok(null);
      }
      if (!body.filename) throw fieldError('filename', 'required');
      await scripts.create({ ...body, filename: body.filename });
      return ok(null);
    },
  );
  app.put(
    '/scripts',
    {
      config: { access: scopeAccess('scripts') },
      bodyLimit: scriptBodyLimit,
      schema: { body: SaveBody, response: Done },
    },
    async (req) => ok(await scripts.save(req.body).then(() => null)),
  );
  app.delete(
    '/scripts',
    { config: { access: scopeAccess('scripts') }, schema: { body: TargetBody, response: Done } },
    async (req) => ok(await scripts.remove(req.body.path, req.body.filename).then(() => null)),
  );
  app.post(
    '/scripts/download',
    {
      config: { access: scopeAccess('scripts'), lenientBody: true },
      schema: { body: FileDownloadBody, response: failures },
    },
    async (req, reply) => sendFileDownload(reply, scripts.root, req.body),
  );
  app.put(
    '/scripts/rename',
    { config: { access: scopeAccess('scripts') }, schema: { body: RenameBody, response: Done } },
    async (req) => ok(await scripts.rename(req.body.path, req.body.filename, req.body.newFilename).then(() => null)),
  );

  app.put(
    '/scripts/run',
    {
      config: { access: scopeAccess('scripts') },
      bodyLimit: scriptBodyLimit,
      schema: {
        body: Type.Object({ filename: Name, path: Dir, content: Type.Optional(Content) }),
        response: { 200: DebugStartedReply, ...failures },
      },
    },
    // Qinglong answers the run's pid as `data` (its clients stop with `{pid: data}`); the run's id, live topic and
    // log sit beside it, where Qinglong's clients do not look (as `logStatus` does for logs).
    async (req) => {
      const started = await debug.start(req.body.path, req.body.filename, req.body.content);
      return { code: 200 as const, data: started.pid, ...started };
    },
  );
  app.put(
    '/scripts/stop',
    {
      config: { access: scopeAccess('scripts') },
      schema: { body: StopBody, response: { 200: Ok(Type.Integer()), ...failures } },
    },
    async (req) => ok(await debug.stop({ ...req.body, pid: req.body.pid === '' ? undefined : req.body.pid })),
  );
};
