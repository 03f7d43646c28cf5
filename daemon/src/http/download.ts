import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { Type, type Static } from 'typebox';
import { downloadBelow, type DownloadFile } from '../files/read.ts';

/** The body of a file area's download (POST logs/download, POST scripts/download): a file by folder and name. */
export const FileDownloadBody = Type.Object({
  filename: Type.String({ maxLength: 255 }),
  path: Type.Optional(Type.String({ maxLength: 1000 })),
});

/** A file area's download: the body's file below `root` (through the one resolver), under its own name. */
export async function sendFileDownload(
  reply: FastifyReply,
  root: string,
  body: Static<typeof FileDownloadBody>,
): Promise<FastifyReply> {
  return sendDownload(reply, await downloadBelow(root, body.path, body.filename));
}

/** Sends a file as an attachment under its own name. */
export function sendDownload(reply: FastifyReply, file: DownloadFile): FastifyReply {
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.name))
    .send(file.stream);
}

/** Sends a stream being written (its length not known yet) as an attachment. */
export function sendStreamDownload(reply: FastifyReply, name: string, stream: Readable, type: string): FastifyReply {
  return reply.header('content-type', type).header('content-disposition', contentDisposition(name)).send(stream);
}

/** `attachment` with the name in ASCII and in UTF-8 (RFC 6266), so any browser saves it under its own name. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
