/**
 * The check (`PUT /system/update-check`, `ql update`): the feed, the newest release after the running version, and
 * whether it may be downloaded here — and if not, why (turned off, an image managed by a container updater, no
 * entrypoint to restart into it, or an image too old for it).
 */
import type { UpdateBlock, UpdateCheck } from '../../contract/update.ts';
import { unmet, type Runtime } from './compat.ts';
import { fetchJson } from './download.ts';
import { newerThan, parseFeed, type Release } from './feed.ts';
import type { UpdateLayout } from './layout.ts';

/** What the updater knows of where it runs. */
export interface UpdateHost {
  /** The running version. */
  version: string;
  /** The image's own version (equal to `version` unless an update runs). */
  imageVersion: string;
  layout: UpdateLayout;
  runtime: Runtime;
  /** Run by the container's entrypoint (BAIHU_SUPERVISED): it can restart into another version. */
  supervised: boolean;
  /** BAIHU_SELF_UPDATE=false: the image is the version (a container updater manages it). */
  managedImage: boolean;
  /** The updateEnabled setting. */
  enabled(): boolean;
  /** The feed URL in force ('' = none), and the one the image was built with (BAIHU_RELEASE_FEED, '' = none). */
  feedUrl(): string;
  builtInFeed: string;
  /** ProxyUrl of config.sh, or null. */
  proxy(): Promise<string | null>;
  /** Tells why feed entries were left out. */
  warn(text: string): void;
}

export class UpdateCheckError extends Error {
  constructor(
    message: string,
    readonly reason: 'noFeed' | 'feed',
  ) {
    super(message);
  }
}

const maxFeedBytes = 2 * 1024 * 1024;

/** The downloaded version a restart would start (newer than what runs); null when there is none. */
export function stagedVersion(host: UpdateHost): string | null {
  if (host.managedImage) return null;
  const { active } = host.layout.state();
  return active && active !== host.version && host.layout.isReady(active) ? active : null;
}

export interface CheckResult {
  check: UpdateCheck;
  /** The release to download when `check.canDownload`. */
  release: Release | null;
}

/** The answer when nothing newer can be had: the running version is the last one. */
export function upToDate(host: UpdateHost): UpdateCheck {
  return {
    hasNewVersion: false,
    lastVersion: host.version,
    lastLog: '',
    lastLogLink: '',
    currentVersion: host.version,
    releaseDate: null,
    canDownload: false,
    blocked: null,
    needs: [],
    staged: stagedVersion(host),
  };
}

export async function checkForUpdate(host: UpdateHost, signal: AbortSignal): Promise<CheckResult> {
  const feedUrl = host.feedUrl();
  if (!feedUrl) throw new UpdateCheckError('no release feed is set', 'noFeed');
  let json: unknown;
  try {
    json = await fetchJson(feedUrl, { proxy: await host.proxy(), signal, maxBytes: maxFeedBytes });
  } catch (error) {
    throw new UpdateCheckError((error as Error).message, 'feed');
  }
  let parsed;
  try {
    parsed = parseFeed(json, feedUrl);
  } catch (error) {
    throw new UpdateCheckError((error as Error).message, 'feed');
  }
  for (const skipped of parsed.skipped) host.warn(`release feed entry left out: ${skipped}`);
  const newer = newerThan(parsed.releases, host.version);
  const staged = stagedVersion(host);
  if (!newer) return { release: null, check: upToDate(host) };
  const needs = unmet(newer.latest.requires, host.runtime);
  const blocked: UpdateBlock | null = host.managedImage
    ? 'managedImage'
    : !host.enabled()
      ? 'disabled'
      : !host.supervised
        ? 'noSupervisor'
        : needs.length > 0
          ? 'incompatible'
          : null;
  return {
    release: newer.latest,
    check: {
      hasNewVersion: true,
      lastVersion: newer.latest.version,
      lastLog: newer.changelog,
      lastLogLink: newer.latest.changelogUrl ?? '',
      currentVersion: host.version,
      releaseDate: newer.latest.date,
      canDownload: blocked === null,
      blocked,
      needs,
      staged,
    },
  };
}
