import { copyFile, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ResponseCode } from '../../contract/codes.ts';
import { AppError } from '../../errors/app-error.ts';
import { writeFileAtomic } from '../../files/atomic.ts';
import { readText } from '../../files/read.ts';
import { checkFileName, relativeSegments, resolveInside } from '../../files/resolve.ts';
import type { DataPaths } from '../../config/paths.ts';
import { fromRoot } from '../../install/root.ts';

/** The samples shipped with the product, found from the install root (works from the sources and the bundle). */
export const samplesDir = fromRoot('daemon', 'src', 'modules', 'configs', 'samples');

/** Each shipped sample and the config file it seeds. */
export const samples = [
  { title: 'config.sample.sh', value: 'config.sh' },
  { title: 'extra.sample.sh', value: 'extra.sh' },
  { title: 'task_before.sample.sh', value: 'task_before.sh' },
  { title: 'task_after.sample.sh', value: 'task_after.sh' },
  { title: 'task_before.sample.js', value: 'task_before.js' },
  { title: 'task_before.sample.py', value: 'task_before.py' },
] as const;

/** Secrets and generated files of data/config: never listed, read or written through the API (Qinglong's list). */
const blacklist = new Set([
  'auth.json',
  'config.sh.sample',
  'cookie.sh',
  'crontab.list',
  'dependence-proxy.sh',
  'token.json',
  'grpc',
  '__pycache__',
]);
const isForbiddenConfig = (name: string) => blacklist.has(name) || name.startsWith('env.') || name.startsWith('.');

/** Config files are small; anything bigger is not one to edit here. */
const configMaxBytes = 5 * 1024 * 1024;
const samplePrefix = 'sample/';

/** data/config: the files the user edits (config.sh, hooks), the shipped samples, atomic saves. */
export class ConfigService {
  constructor(private readonly paths: DataPaths) {}

  /** Missing config files are created from the samples; existing ones are never touched. */
  async seed(): Promise<string[]> {
    const created: string[] = [];
    for (const sample of samples) {
      const target = path.join(this.paths.config, sample.value);
      try {
        // COPYFILE_EXCL: never overwrite, even if the file appeared meanwhile.
        await copyFile(path.join(samplesDir, sample.title), target, 1);
        created.push(sample.value);
      } catch {
        // Exists already (or the sample is missing from a broken install): leave it.
      }
    }
    return created;
  }

  /** The config files still exactly as their sample seeded them (never edited): another panel's may replace them. */
  async untouched(): Promise<string[]> {
    const names: string[] = [];
    for (const sample of samples) {
      const [shipped, current] = await Promise.all(
        [path.join(samplesDir, sample.title), path.join(this.paths.config, sample.value)].map((file) =>
          readFile(file).catch(() => null),
        ),
      );
      if (shipped && current?.equals(shipped)) names.push(sample.value);
    }
    return names;
  }

  /** data/config's files minus the blacklist, config.sh first: `[{title, value}]`. */
  async files(): Promise<{ title: string; value: string }[]> {
    const dirents = await readdir(this.paths.config, { withFileTypes: true }).catch(() => []);
    const names = dirents.filter((d) => d.isFile() && !isForbiddenConfig(d.name)).map((d) => d.name);
    names.sort((a, b) => (a === 'config.sh' ? -1 : b === 'config.sh' ? 1 : a < b ? -1 : a > b ? 1 : 0));
    return names.map((name) => ({ title: name, value: name }));
  }

  samples() {
    return samples.map((s) => ({ ...s }));
  }

  /** A config file's text ('' when it does not exist yet), or a shipped sample's for `sample/<name>`. */
  async read(name: string): Promise<string> {
    if (name.startsWith(samplePrefix)) {
      const sampleName = checkFileName(name.slice(samplePrefix.length), 'path');
      const sample = samples.find((s) => s.title === sampleName || s.value === sampleName);
      if (!sample) throw new AppError('notFound', ResponseCode.notFound);
      return readText(path.join(samplesDir, sample.title), sample.title, configMaxBytes);
    }
    const abs = await this.resolve(name, 'path');
    if (!(await stat(abs).catch(() => null))) return '';
    return readText(abs, name, configMaxBytes);
  }

  /** Atomic save of a config file directly in data/config; secrets and generated files are refused. */
  async save(name: string, content: string): Promise<void> {
    await writeFileAtomic(await this.resolve(name, 'name'), content);
  }

  private async resolve(name: string, field: string): Promise<string> {
    const segments = relativeSegments(name);
    if (segments.length > 1) checkFileName(name, field);
    const file = checkFileName(segments[0] ?? '', field);
    if (isForbiddenConfig(file)) throw new AppError('configForbidden', ResponseCode.forbidden, { name: file });
    return resolveInside(this.paths.config, file);
  }
}
