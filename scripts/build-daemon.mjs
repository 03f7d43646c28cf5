// Bundles the daemon and its CLIs into daemon/dist with esbuild, so production starts with plain `node`:
// tsx sends each of ~1,000 dependency modules through its loader thread (measured: 1.6 s and 150 MB at start-up,
// against about 0.5 s and 80 MB for the bundle; see docs/performance.md). Tests and `npm run dev` keep using tsx.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--outdir <dir>` (inside the checkout, so the bundle still finds it): a private copy, e.g. for the fault suite.
const outdirAt = process.argv.indexOf('--outdir');
const outdir = outdirAt > 0 ? process.argv[outdirAt + 1] : 'daemon/dist';
rmSync(path.resolve(root, outdir), { recursive: true, force: true });

/**
 * The commit and the time of this build, shown on the About page (daemon/src/install/version.ts). The image is built without
 * .git: the Dockerfile passes them as build arguments (BAIHU_COMMIT, BAIHU_BUILD_DATE); a checkout asks git.
 */
function buildInfo() {
  let commit = process.env.BAIHU_COMMIT || null;
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      commit = null;
    }
  }
  if (commit !== null && !/^[0-9a-f]{7,64}$/i.test(commit)) commit = null;
  const given = process.env.BAIHU_BUILD_DATE;
  const date = given && !Number.isNaN(Date.parse(given)) ? new Date(given).toISOString() : new Date().toISOString();
  return { commit, date };
}

const info = buildInfo();
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'daemon/src/server.ts',
    ql: 'daemon/src/cli/ql.ts',
    task: 'daemon/src/cli/task.ts',
  },
  outdir,
  // Two string constants (an object would make esbuild add an initialiser to every module).
  define: { __BAIHU_COMMIT__: JSON.stringify(info.commit ?? ''), __BAIHU_BUILD_DATE__: JSON.stringify(info.date) },
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The native SQLite binding stays a real module; ws's optional native helpers are not installed.
  external: ['better-sqlite3', 'bufferutil', 'utf-8-validate'],
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __baihuCreateRequire } from 'node:module'; const require = __baihuCreateRequire(import.meta.url);",
  },
  // V8 keeps each module's source in memory for lazy compilation. ASCII output (Chinese messages escaped) stays a
  // one-byte string, half the size of the two-byte string one non-ASCII character forces; and without whitespace
  // and dead code it shrinks again (names are kept, so stack traces stay readable with the source map).
  charset: 'ascii',
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
// esbuild cannot escape non-ASCII inside a regular expression or a tagged template; one such character made a 2 MB
// chunk a two-byte string (+2 MB idle RSS). Write it as \uXXXX in the source; this check names where it is.
for (const file of readdirSync(path.resolve(root, outdir))) {
  if (!file.endsWith('.mjs')) continue;
  const text = readFileSync(path.resolve(root, outdir, file), 'latin1');
  const at = [...text].findIndex((char) => char.charCodeAt(0) > 0x7f);
  if (at >= 0) {
    console.error(`${outdir}/${file} is not ASCII near: ${text.slice(Math.max(0, at - 60), at + 20)}`);
    process.exit(1);
  }
}
console.log(`daemon bundled into ${outdir}`);
