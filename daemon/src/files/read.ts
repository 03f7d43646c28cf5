/** Reading files for the file areas: text for an editor or viewer, a stream for a download. */
import { createReadStream, type ReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { ResponseCode } from '../contract/codes.ts';
import { AppError } from '../errors/app-error.ts';
import { joinRelative, resolveInside } from './resolve.ts';

/** Scripts bigger than this are not opened in the editor (download them). */
const editableMaxBytes = 5 * 1024 * 1024;

export interface DownloadFile {
  name: string;
  size: number;
  stream: ReadStream;
}

/** A file's text for an editor or viewer: refused when it is a folder, over `maxBytes`, or binary (has NUL bytes). */
export async function readText(abs: string, name: string, maxBytes = editableMaxBytes): Promise<string> {
  const info = await stat(abs);
  if (!info.isFile()) throw new AppError('notAFile', ResponseCode.badRequest, { name });
  if (info.size > maxBytes) throw new AppError('fileTooLarge', ResponseCode.badRequest, { size: maxBytes / 1048576 });
  const handle = await open(abs, 'r');
  try {
    const bytes = await handle.readFile();
    if (bytes.subarray(0, 8192).includes(0)) throw new AppError('fileBinary', ResponseCode.badRequest);
    return bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A file of a file area (data/log, data/scripts) by folder and name, through the one resolver, for a download. */
export async function downloadBelow(root: string, dir: string | undefined, filename: string): Promise<DownloadFile> {
  return downloadOf(await resolveInside(root, joinRelative(dir, filename), { mustExist: true }), filename);
}

export async function downloadOf(abs: string, name: string): Promise<DownloadFile> {
  const info = await stat(abs);
  if (!info.isFile()) throw new AppError('notAFile', ResponseCode.badRequest, { name });
  return { name: path.basename(abs), size: info.size, stream: createReadStream(abs) };
}
