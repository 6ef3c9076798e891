/**
 * Monaco as the app uses it: the core API, only the editor contributions a marshal's editing relies on, no
 * bundled languages (the dialect has its own tokenizer, rulebook.yaml opens as plain text), only the editor worker.
 *
 * Each contribution is named by its path under monaco-editor's `esm/vs/` (the package exports `./*` from there).
 * Monaco reads its contributions when an editor is created, so they are all loaded here, before `editor.create`.
 * Left out, as the app registers nothing they serve or turns them off: inline completions (half a megabyte),
 * code lens, colour picker, inlay hints, parameter hints, linked editing, formatting, document symbols and the
 * symbol quick pick, the diff editor's contributions, unicode highlighting, bracket matching, section headers
 * (minimap), font zoom, word-part moves, token inspection and the other developer actions.
 * `renderer/vite.config.ts` reads the `monaco-editor/…` imports below to pre-bundle the same list for the dev server.
 */
import * as monaco from 'monaco-editor/editor/editor.api.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import 'monaco-editor/features/codicon/register.js';
// The features behind the app's own providers (renderer/editor/features/) and its commands.
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution.js';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/link/goToDefinitionAtPosition.js';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands.js';
import 'monaco-editor/editor/standalone/browser/referenceSearch/standaloneReferenceSearch.js';
import 'monaco-editor/editor/contrib/rename/browser/rename.js';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2.js';
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions.js';
import 'monaco-editor/editor/contrib/semanticTokens/browser/viewportSemanticTokens.js';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError.js';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu.js';
// Find and replace (the menu's Find and Replace), Go to Line (Ctrl+G), the command palette (F1) and its help.
import 'monaco-editor/features/find/register.js';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess.js';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneCommandsQuickAccess.js';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneHelpQuickAccess.js';
// What the editor's options turn on (folding, sticky scroll) and the editing a text editor is expected to have.
import 'monaco-editor/editor/contrib/folding/browser/folding.js';
import 'monaco-editor/editor/contrib/stickyScroll/browser/stickyScrollContribution.js';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard.js';
import 'monaco-editor/editor/contrib/comment/browser/comment.js';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo.js';
import 'monaco-editor/editor/contrib/dnd/browser/dnd.js';
import 'monaco-editor/editor/contrib/dropOrPasteInto/browser/dropIntoEditorContribution.js';
import 'monaco-editor/editor/contrib/indentation/browser/indentation.js';
import 'monaco-editor/editor/contrib/lineSelection/browser/lineSelection.js';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations.js';
import 'monaco-editor/editor/contrib/links/browser/links.js';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor.js';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect.js';
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode.js';
import 'monaco-editor/editor/contrib/unusualLineTerminators/browser/unusualLineTerminators.js';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter.js';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations.js';

// Monaco needs its worker only for diffing and word ranges; every rulebook service runs in our own core worker.
(globalThis as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: () => new EditorWorker({ name: 'monaco-editor' }),
};

export { monaco };
export type Monaco = typeof monaco;
