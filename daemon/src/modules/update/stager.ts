/**
 * Staging a release: download (through the proxy, with progress), sha256 against the feed's, unpack, check what it
 * needs of the image, mark it ready, and point data/update/state.json at it (the next start of the daemon starts it,
 * on trial). Any failure removes what this attempt wrote and leaves the running version and the pointer as they
 * were. Shared by the panel's update job and `ql update`.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unmet, type Runtime } from './compat.ts';
import { downloadTo, shownUrl } from './download.ts';
import type { Release } from './feed.ts';
import type { UpdateLayout } from './layout.ts';
import { unpackRelease } from './unpack.ts';

export class StageError extends Error {}

/** Tarballs larger than this are refused (a release is a few MB; the UI makes it ~10). */
export const maxTarballBytes = 512 * 1024 * 1024;

export interface StageOptions {
  layout: UpdateLayout;
  runtime: Runtime;
  proxy: string | null;
  /** The running version, and whether it runs from a staged folder (then it is kept, and is the one to go back to). */
  running: { version: string; staged: boolean };
  signal: AbortSignal;
  line(text: string): void;
  progress?(received: number, total: number | null): void;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Reports the download in the log at most every 10 % (or every 5 MB when the size is unknown). */
function progressLines(line: (text: string) => void) {
  let next = 0;
  return (received: number, total: number | null) => {
    if (total) {
      const percent = Math.floor((received / total) * 100);
      if (percent >= next) {
        line(`Downloaded ${mb(received)} of ${mb(total)} (${percent}%)`);
        next = percent - (percent % 10) + 10;
      }
    } else if (received >= next) {
      line(`Downloaded ${mb(received)}`);
      next = received + 5 * 1024 * 1024;
    }
  };
}

export async function stageRelease(release: Release, o: StageOptions): Promise<void> {
  const { layout, line } = o;
  const version = release.version;
  const target = layout.versionDir(version);
  const tarball = path.join(layout.downloadsDir, `baihu-${version}.tgz`);
  const state = layout.state();
  const keep = [version, state.active, state.previous, o.running.staged ? o.running.version : null];
  const previous = o.running.staged ? o.running.version : null;
  if (layout.isReady(version)) {
    line(`Baihu ${version} is already downloaded and checked: restart to start it.`);
    await layout.setState({ active: version, previous });
    return;
  }
  let unpacked = false;
  try {
    await mkdir(layout.downloadsDir, { recursive: true, mode: 0o700 });
    const removed = await layout.prune(keep);
    if (removed.length > 0) line(`Removed older downloaded versions: ${removed.join(', ')}`);
    line(`Downloading Baihu ${version} from ${shownUrl(release.url)}${o.proxy ? ' through the proxy' : ''}`);
    const report = progressLines(line);
    const got = await downloadTo(release.url, tarball, {
      proxy: o.proxy,
      signal: o.signal,
      maxBytes: maxTarballBytes,
      onProgress: (received, total) => {
        report(received, total);
        o.progress?.(received, total);
      },
    }).catch((error: Error) => {
      throw new StageError(`The download failed: ${error.message}`);
    });
    line(`Downloaded ${got.bytes} bytes; sha256 ${got.sha256}`);
    if (got.sha256 !== release.sha256) {
      throw new StageError(`The checksum does not match: the feed says sha256 ${release.sha256}`);
    }
    line('The checksum matches the release feed. Unpacking…');
    unpacked = true;
    const manifest = await unpackRelease(tarball, target, version).catch((error: Error) => {
      throw new StageError(`The archive was refused: ${error.message}`);
    });
    const needs = unmet(manifest.requires, o.runtime);
    if (needs.length > 0) {
      throw new StageError(`This version needs a newer container image: ${needs.join('; ')}`);
    }
    await writeFile(path.join(target, '.ready'), `${new Date().toISOString()}\n`, { mode: 0o600 });
    await rm(tarball, { force: true });
    await layout.setState({ active: version, previous });
    line(
      `Baihu ${version}${manifest.commit ? ` (${manifest.commit.slice(0, 12)})` : ''} is ready: restart to start it.`,
    );
  } catch (error) {
    await rm(tarball, { force: true });
    if (unpacked) await rm(target, { recursive: true, force: true });
    if (error instanceof StageError) throw error;
    throw new StageError((error as Error).message);
  }
}
