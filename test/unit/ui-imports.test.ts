/**
 * The UI's import graph: no circle anywhere in ui/src (static, type-only and lazy imports all count, since a lazy
 * import still ties two modules together), and the layer rule of ui/eslint-boundaries.js says what it should.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Linter, type Rule } from 'eslint';
import { circles } from '../helpers/import-graph.ts';

const uiDir = fileURLToPath(new URL('../../ui/', import.meta.url));
const srcDir = path.join(uiDir, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Each file's relative imports, resolved to files of ui/src. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = [...readFileSync(file, 'utf8').matchAll(importPattern)]
        .map((match) => path.resolve(path.dirname(file), match[1]!))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

test('ui/src has no import circle', () => {
  const graph = importGraph();
  assert.ok(graph.size > 100, 'the UI sources were found');
  assert.deepEqual(circles(graph), []);
});

test('the finder does see a circle', () => {
  const a = path.join(srcDir, 'a.ts');
  const b = path.join(srcDir, 'b.ts');
  assert.equal(
    circles(
      new Map([
        [a, [b]],
        [b, [a]],
      ]),
    ).length,
    1,
  );
});

test('the layer rule: what each part of ui/src may import', async () => {
  const { boundaries } = (await import(pathToFileURL(path.join(uiDir, 'eslint-boundaries.js')).href)) as {
    boundaries: { rules: Record<string, Rule.RuleModule> };
  };
  const linter = new Linter({ configType: 'flat' });
  const config = [
    {
      files: ['**/*.ts', '**/*.tsx'],
      plugins: { baihu: boundaries },
      rules: { 'baihu/ui-boundaries': 'error' as const },
      languageOptions: { ecmaVersion: 'latest' as const, sourceType: 'module' as const },
    },
  ];
  const problems = (file: string, specifier: string) =>
    linter.verify(`import x from '${specifier}';\nexport { x };`, config, { filename: path.join(srcDir, file) }).length;
  const lazy = (file: string, specifier: string) =>
    linter.verify(`export const x = () => import('${specifier}');`, config, { filename: path.join(srcDir, file) })
      .length;

  // Allowed.
  assert.equal(problems('features/envs/EnvTable.tsx', '../../components/list/Checkbox.tsx'), 0);
  assert.equal(problems('features/envs/EnvTable.tsx', './api.ts'), 0);
  assert.equal(problems('features/subscriptions/form/ScheduleChoice.tsx', '../../tasks/index.ts'), 0);
  assert.equal(problems('components/list/Pager.tsx', '../ui/Button.tsx'), 0);
  assert.equal(problems('components/FileTree.tsx', '../lib/format.ts'), 0);
  assert.equal(problems('pages/EnvPage.tsx', '../features/envs/BatchBar.tsx'), 0);
  assert.equal(problems('app/RouteView.tsx', '../routes.ts'), 0);
  // Refused.
  assert.equal(problems('features/envs/EnvTable.tsx', '../tasks/list/cells.tsx'), 1, "another feature's file");
  assert.equal(problems('features/envs/EnvFormModal.tsx', '../../app/system.tsx'), 1, 'a feature into app/');
  assert.equal(problems('features/envs/EnvFormModal.tsx', '../../routes.ts'), 1, 'a modal into routes.ts');
  assert.equal(problems('components/FileTree.tsx', '../features/scripts/api.ts'), 1, 'components into a feature');
  assert.equal(problems('lib/files.ts', '../components/ui/Button.tsx'), 1, 'lib into components');
  assert.equal(problems('lib/api.ts', '../features/account/index.ts'), 1, 'lib into a feature');
  assert.equal(problems('pages/LaterPage.tsx', '../routes.ts'), 1, 'a page into routes.ts');
  assert.equal(lazy('components/list/ListContent.tsx', '../../features/envs/EnvTable.tsx'), 1, 'a lazy import too');
});
