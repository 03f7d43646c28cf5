import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { DependencyStatus } from '../../contract/enums.ts';
import type { EndInfo } from '../../contract/live.ts';
import type { Database } from '../../db/schema.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { DataPaths } from '../../paths.ts';
import { RunEnd } from '../../contract/enums.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { DependencyQueue } from './install-queue.ts';
import { depPathsOf, detectLinuxManager } from './installers.ts';
import { DependencyRepository } from './repository.ts';
import { DependencyService } from './service.ts';
import path from 'node:path';

export interface DependencyModuleOptions {
  db: Kysely<Database>;
  hub: LiveHub;
  paths: DataPaths;
  settings: SettingsStore;
  clock: Clock;
  log: FastifyBaseLogger;
  onInstallFailed?: (dependency: { name: string; type: number }) => void;
  /** What installers inherit of the daemon's environment. */
  environment: Record<string, string>;
  /** BAIHU_LINUX_PACKAGE_MANAGER, if set. */
  forcedLinuxManager: 'apk' | 'apt' | null;
}

/** How a finished install or removal ended, as the live log's end message says it. */
const endOfStatus: Partial<Record<number, RunEnd>> = {
  [DependencyStatus.installed]: RunEnd.success,
  [DependencyStatus.installFailed]: RunEnd.failed,
  [DependencyStatus.removeFailed]: RunEnd.failed,
  [DependencyStatus.cancelled]: RunEnd.stopped,
};

/** Builds the dependencies area: queue, service and the live-log resolver of `dep:<id>` topics. */
export function createDependencies(o: DependencyModuleOptions): { queue: DependencyQueue; service: DependencyService } {
  const repository = new DependencyRepository(o.db);
  const linuxManager = () => detectLinuxManager(o.forcedLinuxManager);
  const queue = new DependencyQueue({ ...o, repository, linuxManager });
  const service = new DependencyService(
    repository,
    queue,
    depPathsOf(o.paths),
    linuxManager,
    o.clock,
    o.log,
    o.environment,
  );
  o.hub.addResolver('dep:', async (topic) => {
    const id = Number(topic.slice('dep:'.length));
    const row = Number.isInteger(id) ? await repository.find(id) : undefined;
    if (!row?.log_path) return null;
    const end = endOfStatus[row.status];
    const ended: EndInfo | null = end ? { end, exitCode: null, durationMs: null } : null;
    return { file: path.join(o.paths.log, row.log_path), ended };
  });
  return { queue, service };
}
