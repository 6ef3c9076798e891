/** Light and dark Monaco themes matching the app's CSS variables, with colours for the dialect's tokens. */
import { monaco } from './monaco.js';

export type ThemeName = 'light' | 'dark';

export const MONACO_THEME: Record<ThemeName, string> = { light: 'rulebook-light', dark: 'rulebook-dark' };

/** What a colour is for; each theme gives every role its colour, so the two themes colour the same tokens. */
type Role = 'muted' | 'faint' | 'heading' | 'number' | 'cost' | 'skill' | 'keyword' | 'lint' | 'meta';

const PALETTES: Record<ThemeName, Record<Role, string>> = {
  light: { muted: '8a94a6', faint: 'a8b0bf', heading: '1d3a6e', number: 'b4531a', cost: '0f7b6c', skill: '6b3fa0', keyword: '2563b0', lint: '9a6b00', meta: '7a8291' },
  dark: { muted: '6b7385', faint: '5a6172', heading: 'a9c7ff', number: 'f0a46c', cost: '5fd0b8', skill: 'c9a6ff', keyword: '7fb2ff', lint: 'd9b35c', meta: '8a92a3' },
};

/** Each token of the dialect's tokenizer (language.ts): its colour's role, and its style. */
const TOKENS: readonly (readonly [token: string, role: Role | null, fontStyle?: string])[] = [
  ['keyword.heading', 'muted'],
  ['heading', 'heading', 'bold'],
  ['number.heading', 'number', 'bold'],
  ['number.rule', 'number', 'bold'],
  ['number.local', 'number'],
  ['number.cost', 'cost'],
  ['skill.name', 'skill', 'bold'],
  ['skill.prerequisite', 'skill'],
  ['keyword.prerequisite', 'keyword', 'bold'],
  ['keyword.field', 'keyword'],
  ['reference', 'keyword'],
  ['reference.keyword', 'keyword'],
  ['reference.number', 'keyword', 'underline'],
  ['reference.skill', 'skill', 'underline'],
  ['reference.bracket', 'muted'],
  ['strong', null, 'bold'],
  ['delimiter', 'muted'],
  ['delimiter.strong', 'faint'],
  ['delimiter.bullet', 'muted'],
  ['delimiter.table', 'faint'],
  ['delimiter.prerequisite', 'muted'],
  ['comment', 'muted', 'italic'],
  ['comment.lint', 'lint', 'italic'],
  ['comment.lint.keyword', 'lint', 'italic bold'],
  ['meta', 'meta'],
  ['meta.key', 'keyword'],
];

/** The editor's own colours around the text, in the same way: each theme gives each its colour. */
type Chrome = 'background' | 'currentLine' | 'lineNumber' | 'activeLineNumber';

const CHROME: Record<ThemeName, Record<Chrome, string>> = {
  light: { background: '#fdfdfc', currentLine: '#f3f5f9', lineNumber: '#b3b9c4', activeLineNumber: '#5b6474' },
  dark: { background: '#1b1e24', currentLine: '#22262e', lineNumber: '#4b5261', activeLineNumber: '#9aa3b5' },
};

/** Monaco's colour keys for a theme's chrome; the gutter is the editor's background. */
function themeColors(chrome: Record<Chrome, string>): Record<string, string> {
  return {
    'editor.background': chrome.background,
    'editor.lineHighlightBackground': chrome.currentLine,
    'editorLineNumber.foreground': chrome.lineNumber,
    'editorLineNumber.activeForeground': chrome.activeLineNumber,
    'editorGutter.background': chrome.background,
  };
}

function themeRules(palette: Record<Role, string>): monaco.editor.ITokenThemeRule[] {
  return TOKENS.map(([token, role, fontStyle]) => ({ token, ...(role ? { foreground: palette[role] } : {}), ...(fontStyle ? { fontStyle } : {}) }));
}

export function defineThemes(): void {
  for (const name of ['light', 'dark'] as const) {
    monaco.editor.defineTheme(MONACO_THEME[name], { base: name === 'light' ? 'vs' : 'vs-dark', inherit: true, rules: themeRules(PALETTES[name]), colors: themeColors(CHROME[name]) });
  }
}
