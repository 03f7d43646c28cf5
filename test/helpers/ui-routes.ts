/**
 * The UI's route table (ui/src/routes.ts), read by the browser tests so they visit every route without a hand-kept
 * list. routes.ts names its titles with Lingui's `msg` macro, which only works inside the UI build; here a module
 * hook swaps the macro for a function that returns the English text as the message, and nothing else changes.
 * The pages themselves are lazy imports that are never called.
 */
import { register } from 'node:module';

const macroStub =
  'export const msg = (strings, ...values) => { const id = String.raw({ raw: strings }, ...values); return { id, message: id }; };';
const hooks = `
const stub = ${JSON.stringify(`data:text/javascript,${encodeURIComponent(macroStub)}`)};
export async function resolve(specifier, context, next) {
  if (specifier === '@lingui/core/macro') return { url: stub, shortCircuit: true };
  return next(specifier, context);
}`;

export interface UiRoute {
  path: string;
  kind: 'page' | 'modal';
  /** Pages: who may see it. Modals: their parent page's access. */
  access: 'public' | 'signedIn';
  /** Drawn inside the signed-in layout. */
  shell: boolean;
}

/** The parts of routes.ts read here. */
interface RouteTable {
  pageRoutes: { path: string; access: 'public' | 'signedIn'; shell: boolean }[];
  modalRoutes: { path: string; parent: string }[];
}

let loaded: Promise<UiRoute[]> | null = null;

/** Every page and modal route of the app, pages first, in the table's order. */
export function uiRoutes(): Promise<UiRoute[]> {
  loaded ??= (async () => {
    register(`data:text/javascript,${encodeURIComponent(hooks)}`);
    // A computed specifier: the UI's files are type-checked by ui/tsconfig.json, not by the tests' project.
    const table = (await import(new URL('../../ui/src/routes.ts', import.meta.url).href)) as RouteTable;
    const pages: UiRoute[] = table.pageRoutes.map((r) => ({
      path: r.path,
      kind: 'page',
      access: r.access,
      shell: r.shell,
    }));
    const byPath = new Map(pages.map((p) => [p.path, p]));
    const modals: UiRoute[] = table.modalRoutes.map((r) => {
      const parent = byPath.get(r.parent);
      if (!parent) throw new Error(`modal ${r.path} has no parent page ${r.parent}`);
      return { path: r.path, kind: 'modal', access: parent.access, shell: parent.shell };
    });
    return [...pages, ...modals];
  })();
  return loaded;
}
