/**
 * Size of the JavaScript the browser must download before the panel's first page can run: every script that
 * ui/dist/index.html loads itself (<script src>) or preloads (<link rel="modulepreload">), gzipped (level 9) and
 * summed. Lazily loaded page chunks are not counted. Budget: 150 KB. Skips (exit 0) when ui/dist is not built.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../ui/dist', import.meta.url));
const index = path.join(dist, 'index.html');
const budgetKb = 150;

if (!existsSync(index)) {
  console.log(
    JSON.stringify({ bench: 'ui-size', skipped: 'ui/dist/index.html not found; run npm run build:ui first' }),
  );
  process.exit(0);
}

const html = readFileSync(index, 'utf8');
const urls = new Set<string>();
for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
  const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  if (/^<script/i.test(tag)) {
    const src = attr('src');
    if (src) urls.add(src);
  } else if (attr('rel')?.toLowerCase() === 'modulepreload') {
    const href = attr('href');
    if (href) urls.add(href);
  }
}

const files = [...urls]
  .filter((url) => !/^[a-z]+:\/\//i.test(url))
  .map((url) => {
    const relative = url.split(/[?#]/, 1)[0]!.replace(/^\.?\//, '');
    const file = path.join(dist, relative);
    const bytes = readFileSync(file);
    return { file: relative, raw_kb: bytes.length / 1024, gzip_kb: gzipSync(bytes, { level: 9 }).length / 1024 };
  });

const round = (n: number) => Math.round(n * 10) / 10;
const total = files.reduce((sum, f) => sum + f.gzip_kb, 0);
console.log(
  JSON.stringify({
    bench: 'ui-size',
    figure: 'initial_js_gzip_kb',
    value: round(total),
    budget: budgetKb,
    within_budget: total <= budgetKb,
    files: files.map((f) => ({ file: f.file, raw_kb: round(f.raw_kb), gzip_kb: round(f.gzip_kb) })),
  }),
);
process.exitCode = total <= budgetKb ? 0 : 1;
