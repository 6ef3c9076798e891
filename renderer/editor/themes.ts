/** Light and dark Monaco themes matching the app's CSS variables, with colours for the dialect's tokens. */
import { monaco } from './monaco.js';

export type ThemeName = 'light' | 'dark';

export const MONACO_THEME: Record<ThemeName, string> = { light: 'rulebook-light', dark: 'rulebook-dark' };

export function defineThemes(): void {
  monaco.editor.defineTheme(MONACO_THEME.light, {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'keyword.heading', foreground: '8a94a6' },
      { token: 'heading', foreground: '1d3a6e', fontStyle: 'bold' },
      { token: 'number.heading', foreground: 'b4531a', fontStyle: 'bold' },
      { token: 'number.rule', foreground: 'b4531a', fontStyle: 'bold' },
      { token: 'number.local', foreground: 'b4531a' },
      { token: 'number.cost', foreground: '0f7b6c' },
      { token: 'skill.name', foreground: '6b3fa0', fontStyle: 'bold' },
      { token: 'skill.prerequisite', foreground: '6b3fa0' },
      { token: 'keyword.prerequisite', foreground: '2563b0', fontStyle: 'bold' },
      { token: 'keyword.field', foreground: '2563b0' },
      { token: 'reference', foreground: '2563b0' },
      { token: 'reference.keyword', foreground: '2563b0' },
      { token: 'reference.number', foreground: '2563b0', fontStyle: 'underline' },
      { token: 'reference.skill', foreground: '6b3fa0', fontStyle: 'underline' },
      { token: 'reference.bracket', foreground: '8a94a6' },
      { token: 'strong', fontStyle: 'bold' },
      { token: 'delimiter', foreground: '8a94a6' },
      { token: 'delimiter.strong', foreground: 'a8b0bf' },
      { token: 'delimiter.bullet', foreground: '8a94a6' },
      { token: 'delimiter.table', foreground: 'a8b0bf' },
      { token: 'delimiter.prerequisite', foreground: '8a94a6' },
      { token: 'comment', foreground: '8a94a6', fontStyle: 'italic' },
      { token: 'comment.lint', foreground: '9a6b00', fontStyle: 'italic' },
      { token: 'comment.lint.keyword', foreground: '9a6b00', fontStyle: 'italic bold' },
      { token: 'meta', foreground: '7a8291' },
      { token: 'meta.key', foreground: '2563b0' },
    ],
    colors: {
      'editor.background': '#fdfdfc',
      'editor.lineHighlightBackground': '#f3f5f9',
      'editorLineNumber.foreground': '#b3b9c4',
      'editorLineNumber.activeForeground': '#5b6474',
      'editorGutter.background': '#fdfdfc',
    },
  });
  monaco.editor.defineTheme(MONACO_THEME.dark, {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'keyword.heading', foreground: '6b7385' },
      { token: 'heading', foreground: 'a9c7ff', fontStyle: 'bold' },
      { token: 'number.heading', foreground: 'f0a46c', fontStyle: 'bold' },
      { token: 'number.rule', foreground: 'f0a46c', fontStyle: 'bold' },
      { token: 'number.local', foreground: 'f0a46c' },
      { token: 'number.cost', foreground: '5fd0b8' },
      { token: 'skill.name', foreground: 'c9a6ff', fontStyle: 'bold' },
      { token: 'skill.prerequisite', foreground: 'c9a6ff' },
      { token: 'keyword.prerequisite', foreground: '7fb2ff', fontStyle: 'bold' },
      { token: 'keyword.field', foreground: '7fb2ff' },
      { token: 'reference.keyword', foreground: '7fb2ff' },
      { token: 'reference.number', foreground: '7fb2ff', fontStyle: 'underline' },
      { token: 'reference.skill', foreground: 'c9a6ff', fontStyle: 'underline' },
      { token: 'reference.bracket', foreground: '6b7385' },
      { token: 'strong', fontStyle: 'bold' },
      { token: 'delimiter', foreground: '6b7385' },
      { token: 'delimiter.strong', foreground: '5a6172' },
      { token: 'delimiter.bullet', foreground: '6b7385' },
      { token: 'delimiter.table', foreground: '5a6172' },
      { token: 'delimiter.prerequisite', foreground: '6b7385' },
      { token: 'comment', foreground: '6b7385', fontStyle: 'italic' },
      { token: 'comment.lint', foreground: 'd9b35c', fontStyle: 'italic' },
      { token: 'comment.lint.keyword', foreground: 'd9b35c', fontStyle: 'italic bold' },
      { token: 'meta', foreground: '8a92a3' },
      { token: 'meta.key', foreground: '7fb2ff' },
    ],
    colors: {
      'editor.background': '#1b1e24',
      'editor.lineHighlightBackground': '#22262e',
      'editorLineNumber.foreground': '#4b5261',
      'editorLineNumber.activeForeground': '#9aa3b5',
      'editorGutter.background': '#1b1e24',
    },
  });
}
