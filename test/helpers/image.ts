/**
 * The image as users get it, built and run without a Docker engine. scripts/image.sh builds it (buildah, on a Debian
 * base made with debootstrap); a container is a buildah working container running the image's own entrypoint
 * (`buildah run --isolation chroot --network host`: `podman run` cannot set rlimits on these machines), with the
 * data dir bind-mounted at /baihu/data and the port from BAIHU_PORT. Chroot isolation shares the host's process
 * table and network: the container's processes are in /proc, its panel on 127.0.0.1.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { promisify } from 'node:util';
import { freePort, repo } from './entrypoint.ts';
import { panelClient, type PanelClient } from './panel-client.ts';

const run = promisify(execFile);
export const imageTools = ['buildah', 'podman', 'debootstrap'];

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(':').some((dir) => {
    try {
      return readdirSync(dir).includes(command);
    } catch {
      return false;
    }
  });

/** Stops with what is missing (the tier never skips itself); `npm test` installs the packages as root on Debian. */
export function checkImageTools(): void {
  const missing = imageTools.filter((command) => !onPath(command));
  if (missing.length > 0 || process.getuid?.() !== 0) {
    throw new Error(
      `The image tests need root and Debian's ${imageTools.join(', ')} packages` +
        (missing.length ? ` (missing: ${missing.join(', ')}; apt-get install ${missing.join(' ')})` : ' (not root)'),
    );
  }
}

let built: string | undefined;

/** The image of this checkout: BAIHU_TEST_IMAGE (scripts/test.sh builds it once for the tier), else built now. */
export function testImage(): string {
  checkImageTools();
  if (!built) {
    const given = process.env.BAIHU_TEST_IMAGE;
    const output = given
      ? given
      : execFileSync('bash', [path.join(repo, 'scripts', 'image.sh'), 'build'], {
          stdio: ['ignore', 'pipe', 'inherit'],
        }).toString();
    built = output.trim().split('\n').at(-1)!;
  }
  return built;
}

export interface ImageConfig {
  entrypoint: string[];
  /** The HEALTHCHECK's command (without Docker's "CMD"). */
  healthcheck: string[];
  env: Record<string, string>;
  workingDir: string;
  volumes: string[];
  ports: string[];
}

/** What the image says of itself (the Docker-format config `buildah bud --format docker` writes). */
export function imageConfig(image: string): ImageConfig {
  const text = execFileSync('buildah', ['inspect', '--type', 'image', image], { maxBuffer: 64 * 1024 * 1024 });
  const config = (JSON.parse(text.toString()) as { Docker: { config: object } }).Docker.config as {
    Entrypoint?: string[];
    Healthcheck?: { Test?: string[] };
    Env?: string[];
    WorkingDir?: string;
    Volumes?: Record<string, unknown>;
    ExposedPorts?: Record<string, unknown>;
  };
  const test = config.Healthcheck?.Test ?? [];
  return {
    entrypoint: config.Entrypoint ?? [],
    healthcheck: test[0] === 'CMD' ? test.slice(1) : test[0] === 'CMD-SHELL' ? ['sh', '-c', test[1]!] : [],
    env: Object.fromEntries((config.Env ?? []).map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)])),
    workingDir: config.WorkingDir ?? '',
    volumes: Object.keys(config.Volumes ?? {}),
    ports: Object.keys(config.ExposedPorts ?? {}),
  };
}

/** The process ids below `root` in the process table (children first found, any depth). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
};

export interface Exec {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Container {
  name: string;
  dataDir: string;
  port: number;
  panel: PanelClient;
  config: ImageConfig;
  output(): string;
  /** Whether the entrypoint still runs. */
  running(): boolean;
  /** The host pid of the container's first process (tini), as `docker stop` signals it. */
  init(): number;
  /** Runs `argv` in the container beside the entrypoint (`docker exec`): the same mounts and variables. */
  exec(argv: string[], env?: Record<string, string>): Promise<Exec>;
  /** `docker stop`: SIGTERM to the first process; answers the entrypoint's exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts a new container of `image` on `dataDir` running the image's own entrypoint, and waits for the panel to
 * answer its health check. When the test ends, whatever is left of it is killed and the container removed.
 */
export async function startContainer(
  t: TestContext,
  image: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Container> {
  const config = imageConfig(image);
  const port = await freePort();
  const name = execFileSync('buildah', ['from', '--pull-never', image]).toString().trim();
  const variables = { BAIHU_PORT: String(port), BAIHU_HOST: '127.0.0.1', ...env };
  const runArgs = (extra: Record<string, string> = {}) => [
    'run',
    '--isolation',
    'chroot',
    '--network',
    'host',
    '-v',
    `${dataDir}:${config.volumes[0] ?? '/baihu/data'}`,
    ...Object.entries({ ...variables, ...extra }).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
    name,
    '--',
  ];
  const child: ChildProcess = spawn('buildah', [...runArgs(), ...config.entrypoint], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  t.after(async () => {
    const left = [child.pid!, ...descendants(child.pid!)];
    for (const pid of left.reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    await exited;
    await run('buildah', ['rm', name]).catch(() => undefined);
  });

  const init = () => {
    const pid = descendants(child.pid!).find((candidate) => commandOf(candidate)[0] === config.entrypoint[0]);
    if (pid === undefined) throw new Error(`no ${config.entrypoint[0]} process in container ${name}:\n${output}`);
    return pid;
  };
  const panel = panelClient(`http://127.0.0.1:${port}`);
  await panel.healthy(
    120_000,
    () => child.exitCode === null,
    () => output,
  );
  return {
    name,
    dataDir,
    port,
    panel,
    config,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    init,
    async exec(argv, extra = {}) {
      return new Promise<Exec>((resolve) => {
        execFile('buildah', [...runArgs(extra), ...argv], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    },
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      process.kill(init(), 'SIGTERM');
      return exited;
    },
  };
}
