import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unwrapText } from '../../ui/src/lib/unwrap-text.ts';

test('unwrapText joins continuation lines of list items and paragraphs, nothing else', () => {
  const text = [
    'Added',
    '',
    '- Updates from a release feed: the changelogs since the running version,',
    '  downloads with live progress.',
    '- System log',
    '',
    'A paragraph that was',
    'wrapped.',
    '',
    '## 0.1.0',
    '1. first',
    '    code block line',
    '    another',
  ].join('\n');
  assert.equal(
    unwrapText(text),
    [
      'Added',
      '',
      '- Updates from a release feed: the changelogs since the running version, downloads with live progress.',
      '- System log',
      '',
      'A paragraph that was wrapped.',
      '',
      '## 0.1.0',
      '1. first',
      '    code block line',
      '    another',
    ].join('\n'),
  );
  assert.equal(unwrapText(''), '');
});
