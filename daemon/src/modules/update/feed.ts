/**
 * The release feed: a JSON document at a URL (the `updateFeedUrl` setting, else the one the image was built with)
 * listing releases. docs/update.md shows its format:
 *
 *   { "releases": [ { "version": "0.2.0", "date": "2026-07-01", "changelog": "…", "changelogUrl": "https://…",
 *                     "url": "baihu-0.2.0.tgz", "sha256": "<64 hex>", "size": 12345678,
 *                     "requires": { "node": ">=20.19", "modules": { "better-sqlite3": "^12.6.2" } } } ] }
 *
 * A bare array of releases is accepted too. `url` may be relative to the feed. An entry that does not fit is left
 * out (and named), so one bad entry does not hide the others; a tarball over plain http refuses the whole feed
 * (contract/release-url.ts).
 */
import semver from 'semver';
import { isReleaseUrl, releaseUrlRule } from '../../contract/release-url.ts';
import { redactUrls } from '../../errors/redact.ts';

export interface ReleaseRequirements {
  /** A semver range the Node.js version must satisfy. */
  node?: string;
  /** Native modules the bundle loads from the image's node_modules: name → semver range. */
  modules?: Record<string, string>;
  /** sha256 of the run reaper's source (daemon/native/reaper.c) the release expects the image to have built. */
  reaper?: string;
}

export interface Release {
  version: string;
  date: string | null;
  changelog: string;
  changelogUrl: string | null;
  url: string;
  sha256: string;
  size: number | null;
  requires: ReleaseRequirements;
}

export class FeedError extends Error {}

const maxChangelogChars = 64 * 1024;
const maxReleases = 500;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function httpUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function requirements(value: unknown): ReleaseRequirements | null {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const out: ReleaseRequirements = {};
  if (raw.node !== undefined) {
    if (typeof raw.node !== 'string' || semver.validRange(raw.node) === null) return null;
    out.node = raw.node;
  }
  if (raw.modules !== undefined) {
    if (typeof raw.modules !== 'object' || raw.modules === null) return null;
    const modules: Record<string, string> = {};
    for (const [name, range] of Object.entries(raw.modules)) {
      if (!/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/.test(name)) return null;
      if (typeof range !== 'string' || semver.validRange(range) === null) return null;
      modules[name] = range;
    }
    out.modules = modules;
  }
  if (raw.reaper !== undefined) {
    if (typeof raw.reaper !== 'string' || !/^[0-9a-f]{64}$/i.test(raw.reaper)) return null;
    out.reaper = raw.reaper.toLowerCase();
  }
  return out;
}

/** One entry, or the reason it is left out. */
function release(raw: unknown, feedUrl: string): Release | string {
  if (typeof raw !== 'object' || raw === null) return 'an entry is not an object';
  const entry = raw as Record<string, unknown>;
  const version = text(entry.version);
  if (!version || semver.valid(version) !== version) return `version ${JSON.stringify(entry.version)} is not semver`;
  const url = httpUrl(entry.url ?? entry.tarball, feedUrl);
  if (!url) return `${version}: no http(s) tarball url`;
  // Not left out quietly: a feed that links a tarball over plain http is refused whole, with the reason.
  if (!isReleaseUrl(url)) throw new FeedError(`${version}: the tarball ${redactUrls(url)} is not ${releaseUrlRule}`);
  const sha256 = text(entry.sha256);
  if (!sha256 || !/^[0-9a-f]{64}$/i.test(sha256)) return `${version}: sha256 is not 64 hex digits`;
  const requires = requirements(entry.requires);
  if (!requires) return `${version}: requires is not understood`;
  const size = typeof entry.size === 'number' && Number.isSafeInteger(entry.size) && entry.size > 0 ? entry.size : null;
  return {
    version,
    date: text(entry.date),
    changelog: (text(entry.changelog) ?? '').slice(0, maxChangelogChars),
    changelogUrl: httpUrl(entry.changelogUrl ?? entry.link, feedUrl),
    url,
    sha256: sha256.toLowerCase(),
    size,
    requires,
  };
}

/** The releases of a feed, newest first, and the entries left out (with why). */
export function parseFeed(json: unknown, feedUrl: string): { releases: Release[]; skipped: string[] } {
  const list = Array.isArray(json) ? json : (json as { releases?: unknown } | null)?.releases;
  if (!Array.isArray(list)) throw new FeedError('the feed is not a list of releases ({"releases": [...]})');
  const releases: Release[] = [];
  const skipped: string[] = [];
  for (const raw of list.slice(0, maxReleases)) {
    const found = release(raw, feedUrl);
    if (typeof found === 'string') skipped.push(found);
    else if (!releases.some((r) => r.version === found.version)) releases.push(found);
  }
  releases.sort((a, b) => semver.rcompare(a.version, b.version));
  return { releases, skipped };
}

export interface Newer {
  /** The newest release after the running version. */
  latest: Release;
  /** Changelogs of every release after the running version, newest first, each under its version. */
  changelog: string;
}

/**
 * The newest release after `current`, or null when `current` is the newest. Pre-releases are offered only to a
 * pre-release (someone testing them), never to a stable installation.
 */
export function newerThan(releases: Release[], current: string): Newer | null {
  const testing = semver.prerelease(current) !== null;
  const newer = releases.filter((r) => semver.gt(r.version, current) && (testing || !semver.prerelease(r.version)));
  const latest = newer[0];
  if (!latest) return null;
  const changelog = newer
    .map((r) => `## ${r.version}${r.date ? ` (${r.date})` : ''}\n\n${r.changelog.trim()}`)
    .join('\n\n');
  return { latest, changelog };
}
