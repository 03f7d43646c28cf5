import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { DownloadFile } from '../files/read.ts';

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
