/**
 * The live log's line buffer (ui/src/components/log/logBuffer.ts): text split into lines however it is cut into
 * pieces, colours carried from one line into the next, progress-bar redraws, huge lines cut, old lines dropped.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LogBuffer, rowChars } from '../../ui/src/components/log/logBuffer.ts';

const plainLines = (buffer: LogBuffer) =>
  Array.from({ length: buffer.count }, (_, i) =>
    buffer
      .segments(i)
      .map((s) => s.text)
      .join(''),
  );

test('lines come out the same however the text is cut into pieces', () => {
  const text = 'one\r\ntwo\nthree\n\nfive';
  for (let cut = 0; cut <= text.length; cut++) {
    const buffer = new LogBuffer();
    buffer.append(text.slice(0, cut));
    buffer.append(text.slice(cut));
    assert.deepEqual(plainLines(buffer), ['one', 'two', 'three', '', 'five'], `cut at ${cut}`);
  }
});

test('an open line without its newline yet is shown; a trailing newline adds no empty line', () => {
  const buffer = new LogBuffer();
  buffer.append('a\nb');
  assert.equal(buffer.count, 2);
  buffer.append('c\n');
  assert.deepEqual(plainLines(buffer), ['a', 'bc']);
});

test('a colour set on one line is still in force on the next, and an escape split across pieces is read whole', () => {
  const buffer = new LogBuffer();
  buffer.append('\x1b[3');
  buffer.append('1mred\nstill red\x1b[0m\nplain\n');
  const [first, second, third] = [buffer.segments(0), buffer.segments(1), buffer.segments(2)];
  assert.equal(first[0]!.style.fg, second[0]!.style.fg);
  assert.ok(first[0]!.style.fg);
  assert.equal(third[0]!.style.fg, undefined);
  assert.deepEqual(plainLines(buffer), ['red', 'still red', 'plain']);
});

test('a bare carriage return redraws the line (a progress bar), even across pieces', () => {
  const buffer = new LogBuffer();
  buffer.append('progress 10%\r');
  buffer.append('progress 50%\rprogress 100%\ndone\n');
  assert.deepEqual(plainLines(buffer), ['progress 100%', 'done']);
});

test('a huge line is cut into rows so one line cannot stall the page', () => {
  const buffer = new LogBuffer();
  buffer.append('x'.repeat(rowChars * 2 + 10));
  assert.deepEqual(
    plainLines(buffer).map((l) => l.length),
    [rowChars, rowChars, 10],
  );
});

test('old lines are dropped in blocks; every line keeps its number; earlier pages go before the first line', () => {
  const buffer = new LogBuffer(100);
  buffer.append(Array.from({ length: 150 }, (_, i) => `line ${i}`).join('\n') + '\n');
  assert.ok(buffer.count <= 100);
  assert.equal(buffer.dropped + buffer.count, 150);
  assert.equal(plainLines(buffer)[0], `line ${buffer.firstLine}`);
  const version = buffer.version;
  const added = buffer.prepend('earlier 1\nearlier 2\n');
  assert.equal(added, 2);
  assert.ok(buffer.version > version);
  assert.deepEqual(plainLines(buffer).slice(0, 3), ['earlier 1', 'earlier 2', `line ${buffer.firstLine + 2}`]);
});
