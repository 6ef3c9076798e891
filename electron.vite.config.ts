// Build of the Electron app. This layout has no src/ folder, so every entry is named here.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { UserConfig } from 'vite';
// The renderer's own settings (workers, aliases, relative base), shared with the browser host.
import rendererSettings from './renderer/vite.config';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve(root, 'main/electron/index.ts'), formats: ['es'] },
      rolldownOptions: { output: { entryFileNames: 'index.js' } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load other files: everything, shared/ipc included, goes in one CommonJS file.
      isolatedEntries: true,
      externalizeDeps: false,
      lib: { entry: resolve(root, 'main/preload/index.ts'), formats: ['cjs'] },
      rolldownOptions: { external: ['electron'], output: { format: 'cjs', entryFileNames: 'index.cjs', codeSplitting: false } },
    },
  },
  renderer: {
    ...(rendererSettings as UserConfig),
    root: resolve(root, 'renderer'),
    build: {
      ...(rendererSettings as UserConfig).build,
      outDir: resolve(root, 'out/renderer'),
      // The renderer's own output settings (its chunks) stay; only the entry is named here.
      rolldownOptions: { ...(rendererSettings as UserConfig).build?.rolldownOptions, input: resolve(root, 'renderer/index.html') },
    },
  },
});
