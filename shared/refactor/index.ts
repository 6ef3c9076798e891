/** Safe refactorings of a rulebook as pure plans of text edits: renumbering, and renaming a skill. */
export { planRenumber, type RenumberOptions } from './renumber.js';
export { planRenameSkill, type RenameOptions } from './rename-skill.js';
export { noteLine } from './notes.js';
export type * from './types.js';
