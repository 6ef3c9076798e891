/**
 * planRenameSkill: renames a skill's definition and everything that names it (prerequisites, [[links]],
 * cost mentions, table cells and plain mentions in running text), or says why it would be unsafe. Pure.
 */
import { closestNames } from '../link/suggest.js';
import type { LinkedRulebook } from '../link/types.js';
import type { PrerequisiteList, RulebookSource, SourceRange } from '../model/types.js';
import { nameKey, trimName } from '../parse/keys.js';
import { Locator } from '../parse/locator.js';
import { isCondition, parsePrerequisites } from '../parse/prerequisites.js';
import { byPlace, editsOf, subRange, textAt, textsOf } from './places.js';
import type { ChangeKind, PlanChange, PlanNote, RefusalReason, RefusedPlan, RenamePlan, SourceTexts } from './types.js';
import { escapeRegExp } from '../parse/regexp.js';

export interface RenameOptions {
  /**
   * The files' texts. Needed to find plain mentions of the name in running text, and used to check every
   * edit against the text it replaces. Without them only the places the model records are renamed.
   */
  readonly source?: RulebookSource;
}

/** Characters that would change how the name is read: table cells, emphasis, links, line breaks. */
const FORBIDDEN = /[\r\n|]|\*\*|\[\[|\]\]/;
const QUOTES = /['\u2018\u2019]/g;

interface Span {
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

export function planRenameSkill(linked: LinkedRulebook, oldName: string, newName: string, options: RenameOptions = {}): RenamePlan | RefusedPlan {
  const texts = textsOf(options.source);
  const model = linked.model;
  const oldKey = nameKey(oldName);
  const name = newName.trim();
  const definitions = linked.skillsByKey.get(oldKey);
  if (!definitions) {
    const suggestions = closestNames(oldKey, [...linked.skillsByKey.keys()]).map((k) => linked.skillsByKey.get(k)![0].name);
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `\`${s}\``).join(' or ')}?` : '';
    return refused({ message: `no skill named \`${oldName.trim()}\`${hint}`, range: null });
  }
  const conditionKeys = new Set(model.config.conditions.map(nameKey));
  const problem = checkNewName(name, oldKey, linked, conditionKeys);
  if (problem) return refused(problem);
  const newKey = nameKey(name);

  const changes: PlanChange[] = [];
  const reasons: RefusalReason[] = [];
  const taken = new Set<string>();
  const add = (kind: ChangeKind, range: SourceRange, written: string, context: string | null = null) => {
    const id = `${range.file}#${range.start.offset}`;
    if (taken.has(id)) return;
    taken.add(id);
    const actual = texts ? textAt(texts, range) : written;
    if (actual === null || nameKey(actual) !== oldKey) {
      reasons.push({ message: `expected the name \`${written}\` here but the text is \`${actual ?? ''}\`; read the rulebook again and retry`, range });
      return;
    }
    if (actual !== name) changes.push({ kind, range, before: actual, after: name, context });
  };

  for (const skill of definitions) add('definition', skill.nameRange, skill.name);

  // Prerequisite terms; a section-wide line is shared by every skill under it, so each term counts once.
  const lists = new Map<string, PrerequisiteList>();
  for (const skill of model.skills) {
    for (const list of skill.prerequisites) {
      for (const requirement of list.requirements) {
        for (const term of requirement.alternatives) {
          if (term.kind !== 'skill' || term.key !== oldKey) continue;
          add(list.origin === 'link' ? 'link' : 'prerequisite', term.range, term.text);
          lists.set(`${list.range.file}#${list.range.start.offset}`, list);
        }
      }
    }
  }
  // One reason for every list the new name would break: they all break for the same cause.
  const broken = [...lists.values()].map((list) => checkReparse(list, oldKey, newKey, name, conditionKeys)).filter((r): r is RefusalReason => r !== null);
  if (broken.length > 0) {
    const more = broken.length > 1 ? ` (and ${broken.length - 1} more prerequisite ${broken.length === 2 ? 'line' : 'lines'})` : '';
    reasons.push({ message: `${broken[0].message}${more}`, range: broken[0].range });
  }

  for (const reference of model.references) {
    if (reference.kind === 'skill' && reference.target === oldKey) add('link', reference.targetRange, reference.targetText, reference.text);
  }

  for (const mention of model.costMentions) {
    if (mention.key !== oldKey) continue;
    const written = texts ? textAt(texts, mention.range) : null;
    const at = written === null ? 2 : written.indexOf(mention.name);
    if (at === -1) continue;
    add('cost-mention', subRange(mention.range, at, mention.name.length), mention.name);
  }

  const notes: PlanNote[] = [];
  if (texts) {
    const spellings = new Set(definitions.map((d) => d.name.replace(QUOTES, "'")));
    const longer = model.skills.filter((s) => s.key !== oldKey && s.key.includes(oldKey)).map((s) => s.name);
    const edited = changes.map((c) => ({ file: c.range.file, start: c.range.start.offset, end: c.range.end.offset }));
    for (const file of model.files) {
      const text = texts.get(file.path);
      if (text === undefined) continue;
      const mentions = findMentions(text, file.path, definitions[0].name, spellings, longer, edited, file.frontMatterRange?.end.offset ?? 0);
      const locator = mentions.length > 0 ? new Locator(file.path, text) : null;
      for (const mention of mentions) {
        const written = text.slice(mention.start, mention.end);
        const after = spellings.has(written.replace(QUOTES, "'")) ? name : name.toUpperCase();
        changes.push({ kind: 'mention', range: locator!.range(mention.start, mention.end), before: written, after, context: null });
      }
    }
  } else {
    notes.push({ message: 'plain mentions in running text were not searched (no file texts given)', range: null });
  }

  if (reasons.length > 0) return refused(...reasons);
  changes.sort(byPlace(model.files.map((f) => f.path)));
  return { kind: 'rename-skill', oldName: definitions[0].name, newName: name, edits: editsOf(changes), changes, notes };
}

function refused(...reasons: RefusalReason[]): RefusedPlan {
  return { kind: 'refused', reasons };
}

function checkNewName(name: string, oldKey: string, linked: LinkedRulebook, conditionKeys: ReadonlySet<string>): RefusalReason | null {
  if (!name) return { message: 'the new name is empty', range: null };
  if (FORBIDDEN.test(name)) return { message: `the new name \`${name}\` cannot contain a line break, \`|\`, \`**\`, \`[[\` or \`]]\`: the rulebook would read it differently`, range: null };
  if (trimName(name).text !== name) return { message: `the new name \`${name}\` cannot start or end with punctuation or quotes: prerequisites would not match it`, range: null };
  const newKey = nameKey(name);
  const clash = linked.skillsByKey.get(newKey);
  if (clash && newKey !== oldKey) {
    return { message: `a skill named \`${clash[0].name}\` is already defined here; renaming would merge two skills`, range: clash[0].nameRange };
  }
  if (isCondition(newKey, conditionKeys)) {
    return { message: `\`${name}\` would be read as a condition (a declared condition or a quantity such as "Level 3"), not as a skill name`, range: null };
  }
  return null;
}

/** Whether a prerequisite list, with the name replaced, still reads as the same requirements with the new name. */
function checkReparse(list: PrerequisiteList, oldKey: string, newKey: string, name: string, conditionKeys: ReadonlySet<string>): RefusalReason | null {
  const base = list.range.start.offset;
  const terms = list.requirements.flatMap((r) => r.alternatives);
  const expected = list.requirements.map((r) => r.alternatives.map((t) => (t.kind === 'skill' && t.key === oldKey ? newKey : `${t.kind}:${t.key}`)).join('|'));
  let raw = '';
  let at = 0;
  for (const term of [...terms].sort((a, b) => a.range.start.offset - b.range.start.offset)) {
    if (term.kind !== 'skill' || term.key !== oldKey) continue;
    const start = term.range.start.offset - base;
    if (start < at || term.range.end.offset - base > list.raw.length) return null;
    raw += list.raw.slice(at, start) + name;
    at = term.range.end.offset - base;
  }
  raw += list.raw.slice(at);
  const reparsed = parsePrerequisites(raw, conditionKeys).map((r) => r.alternatives.map((t) => (t.kind === 'skill' && t.key === newKey ? newKey : `${t.kind}:${t.key}`)).join('|'));
  if (JSON.stringify(reparsed) === JSON.stringify(expected)) return null;
  return { message: `the prerequisites \`${list.raw}\` would read as \`${raw}\`, which splits or changes \`${name}\`; choose a name without "and", "or", commas or semicolons`, range: list.range };
}

/** Regions whose text is not running text: front matter, code, comments, link destinations. */
function excludedSpans(text: string, bodyStart: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [[0, bodyStart]];
  for (const pattern of [/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, /<!--[\s\S]*?-->/g, /`[^`\n]+`/g, /\]\([^)\n]*\)/g]) {
    for (const m of text.matchAll(pattern)) spans.push([m.index!, m.index! + m[0].length]);
  }
  return spans;
}

function namePattern(name: string, flags: string): RegExp {
  const escaped = escapeRegExp(name)
    .replace(QUOTES, "['\u2018\u2019]")
    .replace(/\s+/g, '[ \\t]+');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, flags);
}

/**
 * Plain mentions of the name: written as defined (or in capitals), on word boundaries, not inside a longer
 * skill's name ("Energy Ball" in "Lesser Energy Ball"), not where another edit already renames it.
 */
function findMentions(
  text: string,
  file: string,
  name: string,
  spellings: ReadonlySet<string>,
  longer: readonly string[],
  edited: readonly Span[],
  bodyStart: number,
): Span[] {
  // A quick look first, with a pattern of its own: a global pattern's test() would move its lastIndex, and matchAll
  // below starts from there, which skipped the file's first mention.
  if (!namePattern(name, 'iu').test(text)) return [];
  const pattern = namePattern(name, 'giu');
  const blocked = excludedSpans(text, bodyStart);
  for (const span of edited) if (span.file === file) blocked.push([span.start, span.end]);
  for (const other of longer) for (const m of text.matchAll(namePattern(other, 'giu'))) blocked.push([m.index!, m.index! + m[0].length]);
  const found: Span[] = [];
  for (const m of text.matchAll(pattern)) {
    const written = m[0];
    const asDefined = spellings.has(written.replace(QUOTES, "'"));
    const capitals = written === written.toUpperCase() && written !== written.toLowerCase();
    if (!asDefined && !capitals) continue;
    const start = m.index!;
    const end = start + written.length;
    if (blocked.some(([s, e]) => start < e && end > s)) continue;
    found.push({ file, start, end });
  }
  return found;
}
