/** A refactoring plan's notes worded for people, one line each: the CLI, the app's preview and the language server say them alike. */
import type { PlanNote } from './types.js';

/** "rules.md:12: `Chapter 4: Combat` gives the wrong number: …", or the message alone for a note about no one place. */
export function noteLine(note: PlanNote, display: (file: string) => string = (file) => file): string {
  return note.range ? `${display(note.range.file)}:${note.range.start.line}: ${note.message}` : note.message;
}
