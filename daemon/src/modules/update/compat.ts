/**
 * Whether a release can run on this image. A release brings its code (the bundled daemon, the UI, the shell
 * scripts) but runs with the image's Node.js, its native modules (node_modules: better-sqlite3) and its run reaper
 * (a compiled binary). When the release needs other ones, only a newer image can run it: the check says so and offers
 * no download.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import type { ReleaseRequirements } from './feed.ts';

/** What this image offers a release. */
export interface Runtime {
  node: string;
  /** Versions of the modules in the image's node_modules (null when missing). */
  module(name: string): string | null;
  /** sha256 of the reaper source the image's binary was built from (null when there is none). */
  reaper: string | null;
}

/** The runtime of the installation at `imageRoot` (the image's own folder, whatever version runs now). */
export function runtimeOf(imageRoot: string): Runtime {
  const read = (file: string) => {
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  };
  const source = read(path.join(imageRoot, 'daemon', 'native', 'reaper.c'));
  return {
    node: process.versions.node,
    module(name) {
      const manifest = read(path.join(imageRoot, 'node_modules', name, 'package.json'));
      if (!manifest) return null;
      try {
        return (JSON.parse(manifest.toString('utf8')) as { version?: string }).version ?? null;
      } catch {
        return null;
      }
    },
    reaper: source ? createHash('sha256').update(source).digest('hex') : null,
  };
}

/** What is missing for a release, in words; empty when it can run here. */
export function unmet(requires: ReleaseRequirements, runtime: Runtime): string[] {
  const problems: string[] = [];
  if (requires.node && !semver.satisfies(runtime.node, requires.node)) {
    problems.push(`Node.js ${requires.node} (this image has ${runtime.node})`);
  }
  for (const [name, range] of Object.entries(requires.modules ?? {})) {
    const have = runtime.module(name);
    if (!have || !semver.satisfies(have, range)) problems.push(`${name} ${range} (this image has ${have ?? 'none'})`);
  }
  if (requires.reaper && runtime.reaper && requires.reaper !== runtime.reaper) {
    problems.push('a different run reaper (daemon/native/reaper.c) than this image was built with');
  }
  return problems;
}
