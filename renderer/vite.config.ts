/** Vite settings for the renderer (used by the browser host's dev middleware and by builds): ES module workers, modern target, Monaco in a chunk of its own. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The parser runs in a web worker, which has no `document`: use the package's plain build, not its DOM one.
const decodeEntities = fileURLToPath(new URL('../node_modules/decode-named-character-reference/index.js', import.meta.url));

// The parts of monaco-editor the app imports, read from the one file that imports them (editor/monaco.ts).
const monacoModules = [...readFileSync(new URL('./editor/monaco.ts', import.meta.url), 'utf8').matchAll(/^import (?:[^'\n]* from )?'(monaco-editor\/[^'?]+)';$/gm)].map((m) => m[1]);

export default defineConfig({
  // Relative asset URLs, so the same build loads from app:// in Electron and from the browser host.
  base: './',
  build: {
    target: 'es2022',
    outDir: '../out/renderer',
    emptyOutDir: true,
    // Monaco is the largest chunk (about 6 MB unminified, as electron-vite builds it) and the first paint needs all of it.
    chunkSizeWarningLimit: 6500,
    rolldownOptions: {
      output: {
        // Panels, the Import and Publish commands and the libraries only they use (elkjs, the Markdown renderer, diff)
        // are split off by their dynamic import()s. Monaco gets a chunk of its own, named for what it is, rather than
        // sharing one named after whichever app module happened to import it.
        codeSplitting: {
          groups: [
            { name: 'monaco', test: /[\\/]node_modules[\\/]monaco-editor[\\/]/, priority: 2 },
            // The app's own modules the first paint needs and the panels share (dom, dialogs, convert…): one chunk, not six small ones.
            { name: 'shell', test: /[\\/]renderer[\\/]/, tags: ['$initial'], minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  resolve: { alias: { 'decode-named-character-reference': decodeEntities } },
  worker: { format: 'es' },
  optimizeDeps: {
    // Pre-bundle the CommonJS and the many-file packages once, so the first page load is quick.
    include: ['elkjs/lib/elk.bundled.js', ...monacoModules],
    rolldownOptions: { transform: { target: 'es2022' } },
  },
  // Vite 8 transforms TypeScript with Oxc (it was esbuild): the same target as the build.
  oxc: { target: 'es2022' },
});
