/**
 * The daemon's import graph, read from its sources: every static `import … from`, `export … from` and `import()` of a
 * relative path, resolved to a file. Package imports are kept by name (`node:child_process`, `kysely`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  from: string;
  /** A path relative to the source root for the daemon's own files, else the package name. */
  to: string;
  internal: boolean;
  typeOnly: boolean;
}

const specifier =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Comments and string contents go first, so an import written inside a comment or a template is not counted. */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function importGraph(root: string): { files: string[]; edges: ImportEdge[] } {
  const files = sourceFiles(root).map((file) => path.relative(root, file));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const code = codeOf(readFileSync(path.join(root, file), 'utf8'));
    for (const match of code.matchAll(specifier)) {
      const target = match[3] ?? match[4]!;
      const typeOnly = match[2] !== undefined;
      if (target.startsWith('.')) {
        edges.push({ from: file, to: path.normalize(path.join(path.dirname(file), target)), internal: true, typeOnly });
      } else {
        edges.push({ from: file, to: target, internal: false, typeOnly });
      }
    }
  }
  return { files, edges };
}

/** Each file's internal imports, as a graph for `circles`. */
export function graphOf(files: string[], edges: ImportEdge[]): Map<string, string[]> {
  const graph = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const edge of edges) if (edge.internal) graph.get(edge.from)?.push(edge.to);
  return graph;
}

/**
 * Groups of files that import each other, directly or around a loop (Tarjan's strongly connected components, and a
 * file that imports itself). Used for the daemon's graph and the UI's.
 */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}
