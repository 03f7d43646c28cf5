/**
 * Comments in the daemon, the UI and the tests state the rule a measurement justifies, never the lab note it came from:
 * no "round N" of an investigation, no figure tied to one machine ("on this VM", "took 2 s here", "measured 392 ms"),
 * no dated figure. The figures live in the benches (`npm run bench`) and docs/performance.md; the history is in git.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const roots = ['daemon/src', 'ui/src', 'test'];
const figure = String.raw`\d[\d.,]*\s?(?:ns|µs|us|ms|s|MB|KB|kB)\b`;

/** What a lab note says; each pattern is tried on the text of one comment line. */
export const labNotes: [string, RegExp][] = [
  ['a round of an investigation', /\bround\s+\d+\b/i],
  ['a figure of one machine', /\b(?:this|the)\s+VM\b|\bthis machine's\b/i],
  ['a figure measured once', new RegExp(String.raw`\b(?:measured|took|takes|was)\s+(?:≈|~|about\s+)?${figure}`, 'i')],
  ['a figure of here', new RegExp(String.raw`${figure}\s+here\b`, 'i')],
  ['a dated figure', new RegExp(String.raw`\b20\d\d-[01]\d-[0-3]\d\b.*${figure}|${figure}.*\b20\d\d-[01]\d-[0-3]\d\b`)],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(?:ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The text of each comment line: `// …`, and the lines of `/* … *\/` blocks. */
export function commentLines(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  let inBlock = false;
  text.split('\n').forEach((source, index) => {
    let rest = source;
    if (inBlock) {
      const end = rest.indexOf('*/');
      found.push({ line: index + 1, text: end < 0 ? rest : rest.slice(0, end) });
      if (end < 0) return;
      inBlock = false;
      rest = rest.slice(end + 2);
    }
    const block = rest.search(/\/\*/);
    const line = rest.search(/(?<![:'"`])\/\//);
    if (line >= 0 && (block < 0 || line < block)) {
      found.push({ line: index + 1, text: rest.slice(line + 2) });
    } else if (block >= 0) {
      const end = rest.indexOf('*/', block + 2);
      found.push({ line: index + 1, text: end < 0 ? rest.slice(block + 2) : rest.slice(block + 2, end) });
      if (end < 0) inBlock = true;
    }
  });
  return found;
}

test('no comment in daemon/src, ui/src or test is a lab note', () => {
  const self = fileURLToPath(import.meta.url);
  const offences: string[] = [];
  for (const file of roots.flatMap((root) => sources(join(repo, root)))) {
    if (file === self) continue;
    for (const { line, text } of commentLines(readFileSync(file, 'utf8'))) {
      for (const [what, pattern] of labNotes) {
        if (pattern.test(text)) offences.push(`${relative(repo, file)}:${line} ${what}: ${text.trim()}`);
      }
    }
  }
  assert.deepEqual(offences, [], 'state the rule the measurement justifies; the figures belong in docs/performance.md');
});

test('the check finds each kind of lab note and passes a rule', () => {
  const notes = [
    // Built from parts, so that this file's own text carries no lab note for other checks to find.
    ['// the list read again (issue #', '15, round ', '14).'].join(''),
    ' * ≈1 ms each on this VM right after many files were removed.',
    '// 100,000 of them took 2 s here.',
    '/* the first answer measured 392 ms */',
    '// 2026-11-21: 465 ms at start',
  ];
  for (const note of notes) {
    const comments = commentLines(note.startsWith(' *') ? `/**\n${note}\n */` : note);
    assert.ok(
      comments.some(({ text }) => labNotes.some(([, pattern]) => pattern.test(text))),
      `not found: ${note}`,
    );
  }
  const rules = [
    '// Reads a slice of 4,096 rows a turn, so requests pass between slices.',
    "const url = 'http://127.0.0.1:80'; // a round trip",
    '// 2026-03-08 02:30 does not exist in New York.',
  ];
  for (const rule of rules) {
    for (const { text } of commentLines(rule)) {
      assert.ok(!labNotes.some(([, pattern]) => pattern.test(text)), `found in a rule: ${rule}`);
    }
  }
});
