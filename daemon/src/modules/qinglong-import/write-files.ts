/**
 * The writer's files: each folder of the plan copied into Baihu's data folder (modes and times kept, symlinks
 * copied as links, never followed), or left where it is when the source is Baihu's own folder. A file already
 * there is never overwritten, so a second import changes nothing and Baihu's own files win over Qinglong's
 * generated ones. The notification libraries are the exception: the plan says whose each one is (library-state.ts).
 */
import { copyFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FileAction, ImportKind, NotifyLibraryState } from '../../contract/import.ts';
import { libraryVersion, shippedLibrary } from '../../notifications/install-scripts.ts';
import type { NotifyLibraryFile } from '../../notifications/library-state.ts';
import type { DataPaths } from '../../config/paths.ts';
import type { ImportPlan } from './plan.ts';
import { reasonOf, type WriteTally } from './write-tally.ts';

const libraryNames = new Set(['sendNotify.js', 'notify.py']);
const readOrNull = (file: string) => readFile(file).catch(() => null);
/**
 * Qinglong's config.sh and hooks replace Baihu's where Baihu's are still the untouched samples (`untouched`); a file
 * the user already edited in Baihu stays, and Qinglong's goes beside it as `<name>.qinglong`.
 */
async function writeConfigFiles(from: string, to: string, untouched: string[], tally: WriteTally): Promise<void> {
  for (const name of await readdir(from).catch(() => [] as string[])) {
    const [theirs, ours] = await Promise.all([readOrNull(path.join(from, name)), readOrNull(path.join(to, name))]);
    if (theirs === null || ours === null || ours.equals(theirs)) continue;
    if (untouched.includes(name)) {
      await copyFile(path.join(from, name), path.join(to, name));
      tally.line(`+ config/${name}`);
    } else if (!(await readOrNull(path.join(to, `${name}.qinglong`)))) {
      await copyFile(path.join(from, name), path.join(to, `${name}.qinglong`));
      tally.notice(ImportKind.file, `config/${name}`, {
        key: 'importConfigKept',
        params: { file: `config/${name}`, copy: `config/${name}.qinglong` },
      });
    }
  }
}

export async function writeFiles(plan: ImportPlan, tally: WriteTally, untouchedConfigs: string[]): Promise<void> {
  for (const folder of plan.files) {
    if (folder.action === FileAction.adopt) {
      tally.line(`= ${folder.folder}/ (${folder.files})`);
      continue;
    }
    try {
      await mkdir(folder.to, { recursive: true });
      if (folder.folder === 'config') await writeConfigFiles(folder.from, folder.to, untouchedConfigs, tally);
      await cp(folder.from, folder.to, {
        recursive: true,
        force: false,
        errorOnExist: false,
        preserveTimestamps: true,
        verbatimSymlinks: true,
        filter: (source) => {
          const relative = path.relative(folder.from, source);
          if (folder.exclude.includes(relative)) return false;
          // The libraries at the top of scripts/ are decided below, by whose they are.
          return !(folder.folder === 'scripts' && libraryNames.has(relative));
        },
      });
      tally.written[ImportKind.file] += folder.files;
      tally.line(`+ ${folder.folder}/ (${folder.files})`);
    } catch (error) {
      tally.skip(ImportKind.file, `${folder.folder}/`, reasonOf(error));
    }
  }
}

/**
 * Qinglong's library as shipped: kept in bak/ once, Baihu's stays in its place (same calls). The user's own (edited,
 * or not Qinglong's at all): put where it was, so scripts importing it get what they got on Qinglong, and Baihu's is
 * installed beside it under its other name; the daemon's start-up install leaves such a file alone.
 */
export async function writeNotifyLibraries(plan: ImportPlan, paths: DataPaths, tally: WriteTally): Promise<void> {
  if (plan.source.adoptInPlace) return;
  for (const library of plan.notifyLibraries) {
    const source = path.join(plan.source.dataDir, 'scripts', library.file);
    const target = path.join(paths.scripts, library.file);
    try {
      if (library.state === NotifyLibraryState.stock) {
        await mkdir(paths.bak, { recursive: true });
        await copyFile(source, path.join(paths.bak, `qinglong-${library.file}`)).catch(() => undefined);
      } else if (library.state === NotifyLibraryState.edited || library.state === NotifyLibraryState.foreign) {
        const [theirs, current] = await Promise.all([readOrNull(source), readOrNull(target)]);
        if (theirs === null || (current !== null && current.equals(theirs))) continue;
        // Something else of the user's already sits there (not Baihu's): it is not replaced either.
        if (current !== null && libraryVersion(current.toString('utf8')) === 0) continue;
        await mkdir(paths.scripts, { recursive: true });
        await writeFile(
          path.join(paths.scripts, library.baihuName),
          await shippedLibrary(library.file as NotifyLibraryFile),
        );
        await copyFile(source, target);
        tally.line(`+ scripts/${library.file} (${library.state}), scripts/${library.baihuName}`);
      }
    } catch (error) {
      tally.skip(ImportKind.file, `scripts/${library.file}`, reasonOf(error));
    }
  }
}
