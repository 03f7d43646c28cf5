import { scriptPackagesDir } from '../../jobs/executor/environment.ts';
import { existsSync, readdirSync } from 'node:fs';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { DependencyType } from '../../contract/enums.ts';
import { isInside } from '../../files/resolve.ts';
import type { DataPaths } from '../../config/paths.ts';
import { fromRoot } from '../../install/root.ts';
import { normalizePython, packageOf } from './names.ts';

/** Where installed packages live: inside the data volume, so they survive a container re-create. */
export interface DepPaths {
  /** npm `--prefix`: packages in `node/node_modules`, their commands in `node/node_modules/.bin`. */
  node: string;
  /** pip `--target`: packages straight in this folder (PYTHONPATH), their commands in `python/bin`. */
  python: string;
}

export const depPathsOf = (paths: DataPaths): DepPaths => ({
  node: path.join(paths.deps, 'node'),
  python: path.join(paths.deps, 'python'),
});

/**
 * What runs see of the installed packages (the runner's extraEnv): module paths and command folders. NODE_PATH and
 * PYTHONPATH keep the runner's defaults (data/deps, data/scripts) in front of ours, and the packages Baihu ships for
 * scripts (script-packages/) last, so what the user installs wins.
 */
export function runEnvironment(paths: DataPaths, daemonPath: string | undefined): Record<string, string> {
  const deps = depPathsOf(paths);
  return {
    NODE_PATH: [
      paths.deps,
      path.join(paths.deps, 'node_modules'),
      path.join(deps.node, 'node_modules'),
      paths.scripts,
      scriptPackagesDir,
    ].join(':'),
    PYTHONPATH: [deps.python, paths.deps, paths.scripts].join(':'),
    PATH: [
      daemonPath ?? '/usr/local/bin:/usr/bin:/bin',
      fromRoot('shell'),
      path.join(deps.node, 'node_modules', '.bin'),
      path.join(deps.python, 'bin'),
    ].join(':'),
  };
}

export type LinuxManager = 'apk' | 'apt';

/** apk or apt: BAIHU_LINUX_PACKAGE_MANAGER when set, else what the system has. */
export function detectLinuxManager(forced: LinuxManager | null, etc = '/etc'): LinuxManager | null {
  if (forced) return forced;
  if (existsSync(path.join(etc, 'alpine-release'))) return 'apk';
  if (existsSync(path.join(etc, 'debian_version'))) return 'apt';
  return null;
}

/** The settings an install reads, at the moment it starts. */
export interface InstallSettings {
  proxy: string;
  nodeMirror: string;
  pythonMirror: string;
}

/** One program to run: an argv, never a shell string. */
export interface CommandStep {
  argv: string[];
  env?: Record<string, string>;
}

export function installSteps(
  type: DependencyType,
  name: string,
  deps: DepPaths,
  settings: InstallSettings,
  linux: LinuxManager | null,
): CommandStep[] | null {
  switch (type) {
    case DependencyType.nodejs:
      return [
        {
          argv: [
            'npm',
            'install',
            '--prefix',
            deps.node,
            '--no-audit',
            '--no-fund',
            '--no-update-notifier',
            ...(settings.nodeMirror ? ['--registry', settings.nodeMirror] : []),
            name,
          ],
        },
      ];
    case DependencyType.python3: {
      const mirror = settings.pythonMirror ? new URL(settings.pythonMirror) : null;
      return [
        {
          argv: [
            'python3',
            '-m',
            'pip',
            'install',
            '--disable-pip-version-check',
            '--no-input',
            '--upgrade',
            '--target',
            deps.python,
            ...(mirror ? ['--index-url', settings.pythonMirror] : []),
            ...(mirror?.protocol === 'http:' ? ['--trusted-host', mirror.host] : []),
            name,
          ],
          env: { PIP_ROOT_USER_ACTION: 'ignore' },
        },
      ];
    }
    default:
      if (linux === 'apk') return [{ argv: ['apk', 'add', '--no-cache', name] }];
      if (linux === 'apt') {
        const env = { DEBIAN_FRONTEND: 'noninteractive' };
        return [{ argv: ['apt-get', 'install', '-y', '--no-install-recommends', name], env }];
      }
      return null;
  }
}

/** Removal as a program; null for Python, whose --target installs are removed by their RECORD (removePython). */
export function uninstallSteps(
  type: DependencyType,
  name: string,
  deps: DepPaths,
  linux: LinuxManager | null,
): CommandStep[] | null {
  const pkg = packageOf(name, type);
  switch (type) {
    case DependencyType.nodejs:
      return [{ argv: ['npm', 'uninstall', '--prefix', deps.node, '--no-audit', '--no-fund', pkg] }];
    case DependencyType.python3:
      return null;
    default:
      if (linux === 'apk') return [{ argv: ['apk', 'del', pkg] }];
      if (linux === 'apt')
        return [{ argv: ['apt-get', 'remove', '-y', pkg], env: { DEBIAN_FRONTEND: 'noninteractive' } }];
      return null;
  }
}

/** The `.dist-info` folder of a Python package installed under `target`, if any. */
function pythonDistInfo(target: string, name: string): string | null {
  const wanted = normalizePython(packageOf(name, DependencyType.python3));
  let entries: string[];
  try {
    entries = readdirSync(target);
  } catch {
    return null;
  }
  const found = entries.find(
    (entry) => entry.endsWith('.dist-info') && normalizePython(entry.slice(0, entry.indexOf('-'))) === wanted,
  );
  return found ? path.join(target, found) : null;
}

/** Installed as far as the disk shows (node and Python); Linux packages are asked of the package manager. */
export function installedOnDisk(type: DependencyType, name: string, deps: DepPaths): boolean {
  if (type === DependencyType.nodejs) {
    return existsSync(path.join(deps.node, 'node_modules', packageOf(name, type), 'package.json'));
  }
  return pythonDistInfo(deps.python, name) !== null;
}

/** The program that says whether a Linux package is installed (exit 0 = installed). */
export function linuxCheck(name: string, linux: LinuxManager): CommandStep {
  const pkg = packageOf(name, DependencyType.linux);
  return linux === 'apk'
    ? { argv: ['apk', 'info', '-e', pkg] }
    : { argv: ['dpkg-query', '-W', '-f=${Status}\\n', pkg] };
}

/**
 * Removes a Python package installed with --target: every file its RECORD lists (only inside the target), then the
 * folders left empty. Returns the files removed, or null when the package is not there.
 */
export async function removePython(target: string, name: string): Promise<string[] | null> {
  const distInfo = pythonDistInfo(target, name);
  if (!distInfo) return null;
  const record = await readFile(path.join(distInfo, 'RECORD'), 'utf8').catch(() => '');
  const root = path.resolve(target);
  const removed: string[] = [];
  const folders = new Set<string>();
  for (const line of record.split('\n')) {
    const file = parseRecordPath(line);
    if (!file) continue;
    const absolute = path.resolve(root, file);
    if (!isInside(root, absolute, false)) continue;
    await rm(absolute, { force: true });
    removed.push(file);
    for (let dir = path.dirname(absolute); isInside(root, dir, false); dir = path.dirname(dir)) folders.add(dir);
  }
  // Deepest first, so parents empty out; a folder that still holds something stays.
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    if (path.basename(dir) === '__pycache__') await rm(dir, { recursive: true, force: true });
    else await rmdir(dir).catch(() => {});
  }
  await rm(distInfo, { recursive: true, force: true });
  return removed;
}

/** The path of a RECORD line (CSV: path,hash,size; the path may be quoted). */
function parseRecordPath(line: string): string | null {
  const text = line.trim();
  if (!text) return null;
  if (text.startsWith('"')) {
    const end = text.indexOf('",');
    return end > 0 ? text.slice(1, end).replace(/""/g, '"') : null;
  }
  return text.split(',')[0] || null;
}

/** Whether the apt package lists are empty (a fresh container): then `apt-get update` runs before an install. */
export async function aptListsEmpty(): Promise<boolean> {
  const entries = await readdir('/var/lib/apt/lists').catch(() => [] as string[]);
  return !entries.some((entry) => entry.endsWith('_Packages') || entry.includes('_Packages.'));
}
