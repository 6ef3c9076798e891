/** `rulebook init` on a one-file book in memory: the settings it infers written into the file's front matter, then read. */
import { describeRulebook } from '../../shared/layout/describe.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { mergeFrontMatterSettings } from '../../shared/layout/settings-yaml.js';
import { findUnread } from '../../shared/layout/unread.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';

/** A rulebook of one file, `rulebook.md`. */
export const oneFileBook = (text: string): RulebookSource => ({ files: [{ path: 'rulebook.md', text }] });

/** What init proposes and why, the book with it written in, the model read from that, and init's summary of it. */
export function initialised(text: string) {
  const { settings, reasons } = inferLayout(oneFileBook(text));
  const merged = mergeFrontMatterSettings(text, settings);
  if (!merged.ok) throw new Error(merged.message);
  const source = oneFileBook(merged.text);
  const model = parseRulebook(source);
  return { settings, reasons, source, model, summary: describeRulebook(linkRulebook(model), { unread: findUnread(source, model), source }) };
}
