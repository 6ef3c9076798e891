/** Vite settings for the renderer (used by the browser host's dev middleware and by builds): ES module workers, modern target. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The parser runs in a web worker, which has no `document`: use the package's plain build, not its DOM one.
const decodeEntities = fileURLToPath(new URL('../node_modules/decode-named-character-reference/index.js', import.meta.url));

export default defineConfig({
  // Relative asset URLs, so the same build loads from app:// in Electron and from the browser host.
  base: './',
  build: { target: 'es2022', outDir: '../out/renderer', emptyOutDir: true, chunkSizeWarningLimit: 6000 },
  resolve: { alias: { 'decode-named-character-reference': decodeEntities } },
  worker: { format: 'es' },
  optimizeDeps: {
    // Pre-bundle the CommonJS and the many-file packages once, so the first page load is quick.
    include: ['elkjs/lib/elk.bundled.js', 'monaco-editor/editor/editor.api.js', 'monaco-editor/features/register.all.js'],
    rolldownOptions: { transform: { target: 'es2022' } },
  },
  // Vite 8 transforms TypeScript with Oxc (it was esbuild): the same target as the build.
  oxc: { target: 'es2022' },
});
