import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
// The Lingui config sits in ui/, not next to package.json, so both the macro and the catalog loader are told where.
const linguiConfigPath = here('./lingui.config.ts');
const linguiConfig = getConfig({ configPath: linguiConfigPath });

export default defineConfig({
  root: here('.'),
  // Relative asset URLs: the daemon serves the bundle under any base path and injects <base href> at serve time.
  base: './',
  resolve: { alias: { '@contract': here('../daemon/src/contract') } },
  plugins: [
    {
      // The daemon injects <base href> when it serves index.html; the dev server stands in for it, so deep links
      // such as /setting/security load the same way in development.
      name: 'baihu-dev-base',
      apply: 'serve',
      transformIndexHtml: (html) => html.replace('<head>', '<head>\n    <base href="/" />'),
    },
    react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] } }),
    // failOnMissing: a message without a Chinese (or English) translation stops the build.
    lingui({ configPath: linguiConfigPath, failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
  ],
  build: { outDir: here('./dist'), emptyOutDir: true, target: 'es2022' },
  server: { proxy: { '/api': 'http://127.0.0.1:5700' } },
});
