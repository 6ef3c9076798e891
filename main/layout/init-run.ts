/**
 * Carrying out an init plan, the one way `rulebook init` and the app's "Infer this book's layout" both do it: judge
 * the plan, say what it writes and why, write it (atomically, the marshal's own text never changed) and read the book
 * back as it now is. Planning is init-plan.ts; how the outcome is shown is the caller's business.
 */
import path from 'node:path';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { describeRulebook } from '../../shared/layout/describe.js';
import { findUnread } from '../../shared/layout/unread.js';
import { analyse } from '../../shared/analyse/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { splitFrontMatter } from '../../shared/parse/config.js';
import { encodeRulebookText } from '../../shared/parse/decode.js';
import { UserError } from '../errors.js';
import { describeFsError, loadRulebook } from '../fs/load-rulebook.js';
import { display } from '../import/read-source.js';
import { WriteFailure, writeAllOrNothing } from '../refactor/write-all-or-nothing.js';
import { plural, wordList } from '../../shared/model/plural.js';
import type { InitPlan } from './init-plan.js';
import { exists } from '../fs/exists.js';

/** A book as read with some settings: its linked model, the lines it still leaves unread, and its text (for labels). */
export interface InitReading {
  readonly linked: LinkedRulebook;
  readonly unread: ReturnType<typeof findUnread>;
  readonly source: RulebookSource;
}

/**
 * What init does with a plan:
 * - `no-sense`: even with the inferred layout the book yields neither skills nor numbered rules; nothing is written;
 * - `up-to-date`: the book already declares what init would (a second run);
 * - `defaults`: nothing to declare, the default layout reads the book as it is;
 * - `write`: the settings change.
 */
export type InitVerdict = 'no-sense' | 'up-to-date' | 'defaults' | 'write';

export function readBook(source: RulebookSource): InitReading {
  const { model, linked } = analyse(source);
  return { linked, unread: findUnread(source, model), source };
}

/** The verdict on a plan, given the book as it would read with it (`readBook(plan.source)`). */
export function judgePlan(plan: InitPlan, reading: InitReading): InitVerdict {
  // A book that yields neither skills nor numbered rules is one init cannot make sense of: it writes nothing.
  if (reading.linked.model.skills.length === 0 && reading.linked.numberedEntries.length === 0) return 'no-sense';
  if (plan.changed) return 'write';
  return Object.keys(plan.inference.settings).length || (plan.isFolder && plan.exists) ? 'up-to-date' : 'defaults';
}

/** What the book reads as, one sentence per line ("127 skills as `##` headings with CP Cost…"). */
export function describeReading(reading: InitReading): string[] {
  return describeRulebook(reading.linked, reading);
}

/** What init writes, as the marshal will see it: the whole rulebook.yaml, or the front matter block of the file. */
export function settingsText(plan: InitPlan): string {
  if (plan.isFolder) return plan.after;
  const front = splitFrontMatter(plan.after);
  return front ? plan.after.slice(0, front.bodyOffset) : '';
}

/** Why each setting is proposed, one sentence per line (without a leading dash). */
export function reasonLines(plan: InitPlan): string[] {
  const out = [...plan.inference.reasons];
  if (plan.sidebar) {
    out.push(`${plural(plan.listed?.length ?? 0, 'file is', 'files are')} listed under \`files:\`, the pages \`${plan.sidebar}\` links to, in its order: docsify shows the book so, and the sidebar, a page of links, is no chapter.`);
    if (plan.leftOut.length) out.push(`${list(plan.leftOut)} ${plan.leftOut.length === 1 ? 'is' : 'are'} not in the sidebar: not listed.`);
    return out;
  }
  if (plan.listed) out.push(`${plural(plan.listed.length, 'file is', 'files are')} listed under \`files:\`: the book has Markdown files in subfolders, which are read only when listed${plan.siteOrdered ? ', in the order the site shows them (their `weight`, `nav_order` or sidebar `order`)' : ''}.`);
  if (plan.leftOut.length) out.push(`${list(plan.leftOut)} ${plan.leftOut.length === 1 ? 'is' : 'are'} about the repository, not the rules: not listed.`);
  out.push(...repeatedLines(plan.repeated));
  return out;
}

/** Why the files that repeat others are not listed: the compilations one by one, the copies together. */
function repeatedLines(repeated: InitPlan['repeated']): string[] {
  const out = repeated
    .filter((r) => r.kind === 'compilation')
    .map((r) => `\`${r.path}\` holds the text of ${plural(r.within.length, 'other file', 'other files')} (the book in one file): not listed, so that nothing is read twice.`);
  const copies = repeated.filter((r) => r.kind === 'copy');
  if (copies.length === 1) out.push(`\`${copies[0].path}\` repeats \`${copies[0].within[0]}\`: not listed, so that nothing is read twice.`);
  else if (copies.length > 1) out.push(`${plural(copies.length, 'file repeats', 'files repeat')} another's text (\`${copies[0].path}\` repeats \`${copies[0].within[0]}\`…): not listed, so that nothing is read twice.`);
  return out;
}

/** The marshal's own settings init left alone although the book suggests otherwise. */
export function keptLines(plan: InitPlan): string[] {
  return plan.kept.map((key) => `Kept your \`${key}\`: the book suggests otherwise, but a setting you wrote is never changed.`);
}

function list(items: readonly string[]): string {
  return items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : wordList(items);
}

/** The bytes init writes to `plan.target` (the file's BOM kept). */
export function initBytes(plan: InitPlan): Uint8Array {
  return encodeRulebookText(plan.after, plan.bom);
}

/**
 * Writes the plan's target atomically. An existing file is replaced only if it still holds what the plan read; a new
 * rulebook.yaml is written only if none has appeared since. Throws UserError naming the file; nothing is half written.
 */
export async function writeInitPlan(plan: InitPlan): Promise<void> {
  const content = initBytes(plan);
  try {
    if (plan.exists) {
      await writeAllOrNothing([{ absolutePath: plan.target, content, expected: encodeRulebookText(plan.before, plan.bom) }]);
      return;
    }
    if (await exists(plan.target)) throw new WriteFailure('appeared on disk since the book was read; nothing was written, run init again', plan.target);
    await writeFileAtomically(plan.target, content);
  } catch (error) {
    if (error instanceof WriteFailure) throw new UserError(`${display(error.file)}: ${error.message}`);
    throw new UserError(`${display(plan.target)}: cannot write (${describeFsError(error)})`);
  }
}


/** The book as it now reads from disk, through the same loader every command and the app use. */
export async function rereadBook(plan: InitPlan): Promise<InitReading> {
  const loaded = await loadRulebook(plan.isFolder ? path.dirname(plan.target) : plan.target);
  return readBook(loaded.source);
}
