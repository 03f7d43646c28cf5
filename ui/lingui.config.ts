import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  locales: ['en-US', 'zh-CN'],
  sourceLocale: 'en-US',
  // No cross-language fallback in the catalogs: a missing Chinese text must fail the build, not show English.
  fallbackLocales: false,
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  // Origins without line numbers: the catalogs change only when messages do, not when code moves.
  format: formatter({ lineNumbers: false }),
});
