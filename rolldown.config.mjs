import { builtinModules } from 'node:module';
import { defineConfig } from 'rolldown';

/**
 * The command the `larder` bin runs, as one ES module plus a chunk per lazily loaded command
 * (import, keys, ...), built from tsc's output. Node 20 loads an ES module graph file by file,
 * and TypeBox alone is some 700 files: 250-350 ms of every start-up, 34 ms once bundled
 * (bench/RESULTS.md, session 4). So TypeBox is bundled; every other package stays in
 * node_modules, loaded as its authors ship it (native addons, CommonJS, files found at run time).
 */
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const isBundled = (id) => id === 'typebox' || id.startsWith('typebox/');

export default defineConfig({
  input: { larder: 'dist/src/cli/main.js' },
  platform: 'node',
  external: (id) => builtins.has(id) || (!id.startsWith('.') && !id.startsWith('/') && !isBundled(id)),
  output: {
    dir: 'dist/app',
    cleanDir: true,
    format: 'esm',
    entryFileNames: '[name].mjs',
    chunkFileNames: 'chunks/[name]-[hash].mjs',
    sourcemap: true,
  },
});
