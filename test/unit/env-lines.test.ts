/**
 * Pasted variable lines (ui/src/features/envs/lines.ts): what people paste from .env files and shell scripts is
 * read as they meant it, and every line that cannot be read is reported with its number.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEnvLines } from '../../ui/src/features/envs/lines.ts';

test('NAME=value, export, quotes, comments and blank lines', () => {
  const pasted = [
    '# accounts',
    'JD_COOKIE=pt_key=abc;pt_pin=def;',
    '',
    'export PUSH_KEY=abc123',
    'export   SPACED = padded  ',
    'DOUBLE="two words"',
    "SINGLE='it''s'",
    "RAW='$HOME stays'",
    'ESCAPED="say \\"hi\\""',
    'COMMENTED="value" # a note',
    'HASH=a#b',
    'EMPTY=',
    '\tINDENTED=yes\r',
  ].join('\n');
  const { inputs, problems } = parseEnvLines(pasted);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    inputs.map(({ name, value }) => [name, value]),
    [
      ['JD_COOKIE', 'pt_key=abc;pt_pin=def;'],
      ['PUSH_KEY', 'abc123'],
      ['SPACED', 'padded'],
      ['DOUBLE', 'two words'],
      ['SINGLE', "'it''s'"],
      ['RAW', '$HOME stays'],
      ['ESCAPED', 'say "hi"'],
      ['COMMENTED', 'value'],
      ['HASH', 'a#b'],
      ['EMPTY', ''],
      ['INDENTED', 'yes'],
    ],
  );
});

test('every bad line is named with its number and why', () => {
  const { inputs, problems } = parseEnvLines(
    ['GOOD=1', 'no equals here', '=orphan', '1BAD=x', 'OPEN="never closed', 'ALSO_GOOD=2'].join('\n'),
  );
  assert.deepEqual(
    inputs.map((i) => i.name),
    ['GOOD', 'ALSO_GOOD'],
  );
  assert.deepEqual(problems, [
    { line: 2, kind: 'noEquals' },
    { line: 3, kind: 'noName' },
    { line: 4, kind: 'badName', name: '1BAD' },
    { line: 5, kind: 'openQuote', name: 'OPEN' },
  ]);
});
