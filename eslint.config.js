import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './ui/eslint-boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'ui/dist/', 'daemon/dist/', 'data/', 'test-results/', 'ui/src/locales/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The notify libraries copied into data/scripts and the QLAPI preload are plain CommonJS, as Qinglong's are.
    files: ['daemon/src/notifications/scripts/**/*.js', 'shell/preload/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Small modules with one job: a daemon file that grows past this is split. Its layers are pinned by
    // test/unit/daemon-layers.test.ts.
    files: ['daemon/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, baihu: boundaries },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // lib, components, features, pages and app each import only what their layer may (ui/eslint-boundaries.js).
      'baihu/ui-boundaries': 'error',
      // Small modules with one job: a file that grows past this is split.
      'max-lines': ['error', { max: 300 }],
      // Feature code uses the primitives in components/ui, never Radix directly.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'radix-ui', message: 'Use the primitives in ui/src/components/ui/.' }],
          patterns: [{ group: ['radix-ui/*', '@radix-ui/*'], message: 'Use the primitives in ui/src/components/ui/.' }],
        },
      ],
    },
  },
  {
    files: ['ui/src/components/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
