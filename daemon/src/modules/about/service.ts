import { readFile } from 'node:fs/promises';
import {
  dataSizesEvent,
  shippedDocs,
  type AboutInfo,
  type DataSizesReply,
  type RunningFrom,
  type ShippedDoc,
} from '../../contract/about.ts';
import { notFound } from '../../errors/app-error.ts';
import type { Executor } from '../../jobs/executor/executor.ts';
import type { LiveHub } from '../../live/hub.ts';
import { fromRoot } from '../../install/root.ts';
import type { BuildInfo } from '../../install/version.ts';
import { changelogSection } from './changelog.ts';
import { DataSizesCache } from './data-sizes.ts';

export interface AboutOptions {
  version: string;
  build: BuildInfo;
  imageVersion: string;
  runningFrom: RunningFrom;
  dataDir: string;
  startedAt: number;
  projectUrl: string | null;
  executor: Pick<Executor, 'capture'>;
  live: Pick<LiveHub, 'broadcast'>;
  now: () => number;
}

/** `python3 --version` → "3.11.2"; `git --version` → "2.39.2"; null when the program is missing or says nothing. */
const versionIn = (output: string): string | null => /(\d+\.\d+(?:\.\d+)?)/.exec(output)?.[1] ?? null;

export interface ReleaseInfo {
  publishTime: number;
  branch: string;
  changeLog: string;
  changeLogLink: string;
}

/** What runs and on what: the About page. Runtime versions are asked once, the first time the page is opened. */
export class AboutService {
  private runtimes: Promise<AboutInfo['runtimes']> | null = null;
  private changelog: Promise<string> | null = null;
  private readonly sizes: DataSizesCache;

  constructor(private readonly o: AboutOptions) {
    this.sizes = new DataSizesCache(o.dataDir, o.now, (sizes) => o.live.broadcast(dataSizesEvent, sizes));
  }

  async info(): Promise<AboutInfo> {
    const { o } = this;
    const projectUrl = o.projectUrl?.replace(/\/+$/, '') ?? null;
    return {
      version: o.version,
      commit: o.build.commit,
      buildDate: o.build.date,
      imageVersion: o.imageVersion,
      runningFrom: o.runningFrom,
      runtimes: await (this.runtimes ??= this.measureRuntimes()),
      uptime: Math.round((o.now() - o.startedAt) / 1000),
      dataDir: o.dataDir,
      changelog: await (this.changelog ??= this.readChangelog()),
      docs: [...shippedDocs],
      projectUrl,
      issuesUrl: projectUrl ? `${projectUrl}/issues` : null,
    };
  }

  /**
   * What Qinglong's public `GET /api/system` tells of the release besides the version: its build time (Unix seconds,
   * 0 when run from the sources), its channel by Qinglong's branch names, and this version's changelog with a link.
   */
  async release(): Promise<ReleaseInfo> {
    const { o } = this;
    const projectUrl = o.projectUrl?.replace(/\/+$/, '') ?? null;
    return {
      publishTime: o.build.date ? Math.floor(Date.parse(o.build.date) / 1000) || 0 : 0,
      branch: o.version.includes('-') ? 'develop' : 'master',
      changeLog: await (this.changelog ??= this.readChangelog()),
      changeLogLink: projectUrl ? `${projectUrl}/blob/main/CHANGELOG.md` : '',
    };
  }

  /** The data folder's sizes; `fresh` when a page is being opened (data-sizes.ts). */
  dataSizes(options: { fresh?: boolean } = {}): Promise<DataSizesReply> {
    return this.sizes.current(options);
  }

  /** Waits for a measurement under way (tests). */
  dataSizesSettled() {
    return this.sizes.settled();
  }

  /** One of the shipped guides, by its name in `shippedDocs` (never a path). */
  async doc(name: string): Promise<string> {
    if (!(shippedDocs as readonly string[]).includes(name)) throw notFound();
    try {
      return await readFile(fromRoot('docs', `${name as ShippedDoc}.md`), 'utf8');
    } catch {
      throw notFound();
    }
  }

  private async measureRuntimes(): Promise<AboutInfo['runtimes']> {
    const ask = async (argv: string[]) => {
      try {
        const { exitCode, output } = await this.o.executor.capture({ argv, cwd: this.o.dataDir, timeoutMs: 5000 });
        return exitCode === 0 ? versionIn(output) : null;
      } catch {
        return null;
      }
    };
    const [python3, git] = await Promise.all([ask(['python3', '--version']), ask(['git', '--version'])]);
    return { node: process.versions.node, python3, git };
  }

  private async readChangelog(): Promise<string> {
    const text = await readFile(fromRoot('CHANGELOG.md'), 'utf8').catch(() => '');
    return changelogSection(text, this.o.version);
  }
}
