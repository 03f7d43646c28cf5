/**
 * Messages are keyed by meaning. One source string used at two call sites gets one translation, so "Next" on the
 * phone's task card ("next run") read 下一步 ("next step"), the 2FA button's. The rule, read from the extracted
 * catalog (ui/src/locales/en-US/messages.po, `npm run i18n:extract`): every source string used at two or more call
 * sites either carries a Lingui context at each (then each meaning is its own message) or is listed in
 * ui/src/locales/one-meaning.txt, after someone read every call site and found one meaning.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readPo, type PoEntry } from '../helpers/po.ts';

const locales = fileURLToPath(new URL('../../ui/src/locales/', import.meta.url));
const source = readPo(`${locales}en-US/messages.po`);
const chinese = readPo(`${locales}zh-CN/messages.po`);
const listed = readFileSync(`${locales}one-meaning.txt`, 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

/** A source string used at two or more call sites without a context: one message for every use. */
const sharedWithoutContext = (entries: PoEntry[]) => entries.filter((e) => e.context === null && e.origins.length >= 2);

test('a source string used at two or more call sites has a context or is listed as one meaning', () => {
  const unlisted = sharedWithoutContext(source)
    .filter((e) => !listed.includes(e.id))
    .map((e) => `"${e.id}" at ${e.origins.join(', ')}`);
  assert.deepEqual(
    unlisted,
    [],
    'give each call site a context (t({ message, context })) or, if it means the same everywhere, list it in ' +
      'ui/src/locales/one-meaning.txt',
  );
});

test('the one-meaning list names only strings that are shared without context (no stale or repeated line)', () => {
  const shared = new Set(sharedWithoutContext(source).map((e) => e.id));
  assert.deepEqual(
    listed.filter((id) => !shared.has(id)),
    [],
    'listed but not (or no longer) used at two call sites without context',
  );
  assert.deepEqual(
    listed.filter((id, i) => listed.indexOf(id) !== i),
    [],
  );
});

test('each meaning of a string is its own message, translated in Chinese', () => {
  const key = (e: PoEntry) => `${e.context ?? ''}\u0004${e.id}`;
  const translated = new Map(chinese.map((e) => [key(e), e.translation]));
  const withContext = source.filter((e) => e.context !== null);
  assert.ok(withContext.length > 0, 'some messages carry a context');
  for (const entry of withContext) {
    assert.ok(translated.get(key(entry)), `zh-CN has "${entry.id}" in the sense "${entry.context}"`);
  }
  // The case that started this: the task card's "Next" (run) and the 2FA wizard's "Next" (step) are two messages.
  const next = chinese.filter((e) => e.id === 'Next');
  assert.deepEqual(next.map((e) => e.context).sort(), ['go to the next step', 'the time of the next run']);
  assert.notEqual(next[0]!.translation, next[1]!.translation);
});
