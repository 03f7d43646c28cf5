/**
 * The import rules of ui/src, as an ESLint rule (no plugin dependency): which layer may import which.
 *
 *   lib/         browser plumbing: imports only lib/ (and the locale catalogs).
 *   components/  shared UI: imports components/ and lib/, never a feature, a page or the app shell.
 *   features/x/  one area: imports components/, lib/, its own files, and another feature only through that
 *                feature's index.ts (what it offers on purpose).
 *   pages/       compose features; the route table (routes.ts) is the app's to import, not theirs.
 *   app/         the shell (router, layout): may import anything.
 *
 * Import circles are checked separately, over the whole graph (test/unit/ui-imports.test.ts).
 */
import path from 'node:path';

const uiSrc = path.join(import.meta.dirname, 'src');

/** Where a file sits: its layer, and for a feature its name. */
function placeOf(file) {
  const parts = path.relative(uiSrc, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0])) return null;
  if (parts.length === 1) return { layer: 'root', name: parts[0] };
  return { layer: parts[0], feature: parts[0] === 'features' ? parts[1] : undefined, rest: parts.slice(2).join('/') };
}

function problem(from, to) {
  if (to.layer === 'root' && from.layer !== 'app' && from.layer !== 'root')
    return `${to.name} is the app's entry and route table; only app/ imports it (a page or modal importing it closes an import circle).`;
  switch (from.layer) {
    case 'lib':
      return to.layer === 'lib' || to.layer === 'locales'
        ? null
        : `lib/ is plumbing without UI: it may import only lib/.`;
    case 'components':
      return to.layer === 'components' || to.layer === 'lib'
        ? null
        : `components/ is shared by every area: it may import components/ and lib/, not ${to.layer}/.`;
    case 'features':
      if (to.layer === 'components' || to.layer === 'lib') return null;
      if (to.layer === 'features')
        return to.feature === from.feature || to.rest === 'index.ts'
          ? null
          : `features/${from.feature} may use features/${to.feature} only through features/${to.feature}/index.ts (what it offers other features).`;
      return `A feature may import components/, lib/ and other features' index.ts, not ${to.layer}/.`;
    default:
      return null;
  }
}

const uiBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the layers of ui/src apart (lib, components, features, pages, app).' },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.physicalFilename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(context.physicalFilename), source.value));
      if (!to) return;
      const message = problem(from, to);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const boundaries = { rules: { 'ui-boundaries': uiBoundaries } };
