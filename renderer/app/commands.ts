/**
 * The app's commands in Monaco's command palette (F1), each with its shortcut: Open, Save, Export each kind, Publish,
 * Import, Rename skill, Search, every panel. Monaco's addAction gives the palette entry and the key binding in one
 * place; Renumber section is already an action of its own (editor/features/renumber.ts) and is listed from there.
 */
import { EXPORT_KINDS } from '../panels/export-kinds.js';
import { monaco } from '../editor/monaco.js';

export interface AppCommand {
  /** Unique within the app; the action's id is `rulebook.<id>`. */
  readonly id: string;
  readonly label: string;
  /** Monaco key codes (KeyMod | KeyCode), the same keys the Electron menu shows where there is one. */
  readonly keys?: readonly number[];
  readonly run: () => unknown;
}

/** What the commands do, given by the shell (renderer/main.ts), which owns the editor, the panels and the host. */
export interface CommandHooks {
  readonly open: () => unknown;
  readonly save: () => unknown;
  readonly saveAll: () => unknown;
  readonly exportKind: (value: string) => unknown;
  readonly publish: () => unknown;
  readonly import: () => unknown;
  readonly rename: () => unknown;
  readonly search: () => unknown;
  readonly toggleTheme: () => unknown;
  readonly inferLayout: () => unknown;
  readonly showPanel: (id: string) => unknown;
  /** The side panels, in their tab order. */
  readonly panels: readonly { readonly id: string; readonly title: string }[];
}

const { KeyMod, KeyCode } = monaco;
const Ctrl = KeyMod.CtrlCmd;

/** The Electron menu's View shortcuts (main/electron/menu-template.ts): Ctrl+1 to Ctrl+6 show these panels. */
const PANEL_KEYS: Readonly<Record<string, number>> = {
  outline: Ctrl | KeyCode.Digit1,
  problems: Ctrl | KeyCode.Digit2,
  skills: Ctrl | KeyCode.Digit3,
  graph: Ctrl | KeyCode.Digit4,
  preview: Ctrl | KeyCode.Digit5,
  changes: Ctrl | KeyCode.Digit6,
};

export function appCommands(hooks: CommandHooks): AppCommand[] {
  return [
    { id: 'open', label: 'Open rulebook…', keys: [Ctrl | KeyCode.KeyO], run: hooks.open },
    { id: 'save', label: 'Save', keys: [Ctrl | KeyCode.KeyS], run: hooks.save },
    { id: 'saveAll', label: 'Save all', keys: [Ctrl | KeyMod.Alt | KeyCode.KeyS], run: hooks.saveAll },
    { id: 'search', label: 'Search and replace in all files', keys: [Ctrl | KeyMod.Shift | KeyCode.KeyF], run: hooks.search },
    { id: 'renameSkill', label: 'Rename skill', keys: [KeyCode.F2], run: hooks.rename },
    { id: 'export', label: 'Export…', keys: [Ctrl | KeyCode.KeyE], run: () => hooks.showPanel('export') },
    ...EXPORT_KINDS.map((k) => ({ id: `export.${k.value}`, label: `Export: ${k.label}`, run: () => hooks.exportKind(k.value) })),
    { id: 'publish', label: 'Publish…', keys: [Ctrl | KeyMod.Shift | KeyCode.KeyP], run: hooks.publish },
    { id: 'import', label: 'Import a document…', keys: [Ctrl | KeyMod.Shift | KeyCode.KeyI], run: hooks.import },
    { id: 'inferLayout', label: "Infer this book's layout…", run: hooks.inferLayout },
    { id: 'toggleTheme', label: 'Toggle dark theme', keys: [Ctrl | KeyMod.Shift | KeyCode.KeyT], run: hooks.toggleTheme },
    ...hooks.panels.map((p) => ({ id: `show.${p.id}`, label: `Show ${p.title} panel`, keys: PANEL_KEYS[p.id] ? [PANEL_KEYS[p.id]] : undefined, run: () => hooks.showPanel(p.id) })),
  ];
}

/** Adds every command to the editor as an action: listed in the palette (F1) with its keys, which work in the editor. */
export function registerAppCommands(editor: monaco.editor.IStandaloneCodeEditor, commands: readonly AppCommand[]): monaco.IDisposable[] {
  return commands.map((command) => editor.addAction({
    id: `rulebook.${command.id}`,
    label: command.label,
    keybindings: command.keys ? [...command.keys] : undefined,
    run: () => void command.run(),
  }));
}
