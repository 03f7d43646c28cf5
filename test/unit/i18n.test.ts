import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRightToLeft, toLanguage } from '../../daemon/src/contract/i18n.ts';
import { formatMessage, messages } from '../../daemon/src/contract/messages.ts';

test('language: first two letters; anything but en or zh falls back to zh', () => {
  assert.equal(toLanguage('en-US'), 'en');
  assert.equal(toLanguage('EN'), 'en');
  assert.equal(toLanguage('zh-TW'), 'zh');
  assert.equal(toLanguage('fr-FR'), 'zh');
  assert.equal(toLanguage(''), 'zh');
  assert.equal(toLanguage(undefined), 'zh');
});

test('right-to-left for he, ar, fa and ku only', () => {
  for (const tag of ['he', 'ar-EG', 'fa', 'ku']) assert.equal(isRightToLeft(tag), true, tag);
  for (const tag of ['en', 'zh-CN', 'hu', '']) assert.equal(isRightToLeft(tag), false, tag);
});

test('every API message exists in both languages and keeps its placeholders', () => {
  for (const [key, text] of Object.entries(messages)) {
    assert.ok(text.en.trim() && text.zh.trim(), key);
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    assert.deepEqual(names(text.en), names(text.zh), key);
  }
  assert.equal(
    formatMessage('tooShort', 'en', { label: 'password', min: 6 }),
    'password must be at least 6 characters',
  );
  assert.equal(formatMessage('required', 'zh', { label: '用户名' }), '请输入用户名');
});
