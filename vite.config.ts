import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { purgeUnusedCss } from './scripts/css-purge.ts';
import { clientCatalogues } from './scripts/vite-client-catalogues.ts';
import { clientEndpoints } from './scripts/vite-client-endpoints.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { shellChunkGroups } from './scripts/vite-shell-chunks.ts';

export default defineConfig(({ command }) => ({
  plugins: [reactRouter(), clientEndpoints(), clientCatalogues(), precompress()],
  build: {
    // Locale catalogues must stay separate files so only the active one is loaded.
    assetsInlineLimit: (file) => (file.includes('/locales/') ? false : undefined),
    rolldownOptions: { treeshake: { manualPureFunctions: ['z', 'zText'] } },
  },
  environments: {
    // What every page runs before it is interactive in a few files, not ~55 (issue 32); the browser's build only.
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: shellChunkGroups(path.resolve('web')) } } } },
    },
  },
  css: {
    // The production stylesheet without the rules no source uses (issue 32); the dev server keeps them all.
    postcss: { plugins: command === 'build' ? [purgeUnusedCss()] : [] },
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  server: { hmr: { port: 24678 } },
}));
