/** Monaco as the app uses it: the core API, the editor's own contributions (hover, rename, find, …), no bundled languages, only the editor worker. */
import * as monaco from 'monaco-editor/editor/editor.api.js';
import 'monaco-editor/features/register.all.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';

// Monaco needs its worker only for diffing and word ranges; every rulebook service runs in our own core worker.
(globalThis as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: () => new EditorWorker({ name: 'monaco-editor' }),
};

export { monaco };
export type Monaco = typeof monaco;
