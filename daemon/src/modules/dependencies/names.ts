import { DependencyType } from '../../contract/enums.ts';
import { fieldError } from '../../errors/app-error.ts';

/**
 * What a dependency's name may be, per type. Installers get the name as one argv element (never through a shell),
 * and these patterns also keep out anything an installer would read as an option (`-x`, `--index-url=…`), paths,
 * URLs, whitespace and shell syntax, so a name can only ever mean a package from the configured registry.
 */
const npmPart = '[A-Za-z0-9][A-Za-z0-9._~-]*';
const patterns: Record<DependencyType, RegExp> = {
  // [@scope/]name[@version-or-range-or-tag], e.g. is-number, @types/node@20, lodash@^4.17.0
  [DependencyType.nodejs]: new RegExp(`^(@${npmPart}/)?${npmPart}(@[A-Za-z0-9.^~*+_-]+)?$`),
  // PEP 508 name, optional [extras], optional one version clause: requests, pkg[extra]==1.0, pkg>=2,<3 is not allowed
  [DependencyType.python3]:
    /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?(\[[A-Za-z0-9._-]+(,[A-Za-z0-9._-]+)*\])?((==|>=|<=|~=|!=)[A-Za-z0-9.*+!_-]+)?$/,
  // Debian and Alpine package names, optional =version: sl, libxml2-dev=2.9.14+dfsg-1
  [DependencyType.linux]: /^[a-z0-9][a-z0-9+.-]*(=[A-Za-z0-9.+~:_-]+)?$/,
};

export const typeNames: Record<DependencyType, string> = {
  [DependencyType.nodejs]: 'Node.js',
  [DependencyType.python3]: 'Python',
  [DependencyType.linux]: 'Linux',
};

export function isValidPackageName(name: string, type: DependencyType): boolean {
  return name.length <= 214 && patterns[type].test(name);
}

export function checkPackageName(name: string, type: DependencyType): void {
  if (!isValidPackageName(name, type))
    throw fieldError('name', 'dependencyNameInvalid', { name, type: typeNames[type] });
}

/** The package without its version: what is checked on disk and what an uninstall names. */
export function packageOf(name: string, type: DependencyType): string {
  switch (type) {
    case DependencyType.nodejs: {
      const at = name.indexOf('@', name.startsWith('@') ? 1 : 0);
      return at === -1 ? name : name.slice(0, at);
    }
    case DependencyType.python3:
      return name.split(/[[=<>~!]/)[0]!;
    default:
      return name.split('=')[0]!;
  }
}

/** The screen's "auto split": one package per line or per `&`-separated piece, blanks and repeats dropped. */
export function splitNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n\r&]+/)
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
  ];
}

/** PEP 503 normalisation, as pip compares distribution names. */
export const normalizePython = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');
