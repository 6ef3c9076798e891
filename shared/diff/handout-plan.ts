/**
 * The player handout "What changed in this edition" as data: blocks of styled spans grouped by chapter,
 * so the words are decided (and tested) here and shared/publish/changes.ts only sets them on pages.
 */
import { ENGLISH, fill, type BookWords } from '../model/book-words.js';
import { condenseWords, costText } from './format-text.js';
import { capitalised, quietTextDifferences, shownTextSections, textChangeName, withoutEmphasis } from './text-notes.js';
import { needsGapAfter, wordDiff } from './word-diff.js';
import type { EntryChange, RulebookComparison, SkillChange, SkillSummary, TextChange, WordPart } from './types.js';

/** Unchanged words kept either side of an edit in a long paragraph: enough to find it in the book. */
const TEXT_CONTEXT_WORDS = 12;

export type SpanStyle = 'normal' | 'bold' | 'added' | 'removed' | 'muted';

export interface Span {
  readonly text: string;
  readonly style: SpanStyle;
}

export interface HandoutBlock {
  readonly kind: 'title' | 'subtitle' | 'chapter' | 'heading' | 'item' | 'note';
  readonly spans: readonly Span[];
}

const span = (text: string, style: SpanStyle = 'normal'): Span => ({ text, style });

/** A sentence of the book's words as spans: its own text in `style`, each `{key}` the spans given for it. */
function spansOf(template: string, values: Record<string, Span | readonly Span[]>, style: SpanStyle = 'normal'): Span[] {
  return template.split(/(\{\w+\})/).flatMap((part) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    if (key !== undefined && key in values) return values[key];
    return part ? [span(part, style)] : [];
  });
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Markdown emphasis markers mean nothing on paper: keep the words. */
function plain(text: string): string {
  return flat(text.replace(/(\*\*|__)(.+?)\1/g, '$2').replace(/(^|\W)[*_]([^*_]+)[*_](?=\W|$)/g, '$1$2').replace(/`/g, ''));
}

/** Like `plain` but keeps edge spaces: a diff's pieces are joined back together on the page. */
function unmarked(text: string): string {
  return text.replace(/\*\*|__|`/g, '').replace(/\s+/g, ' ');
}

function diffSpans(parts: readonly WordPart[]): Span[] {
  return parts.flatMap((p, k) => [span(unmarked(p.text), p.op === 'same' ? 'normal' : p.op), ...(needsGapAfter(parts, k) ? [span(' ')] : [])]).filter((s) => s.text);
}

interface Chapter {
  added: HandoutBlock[];
  changed: HandoutBlock[];
  removed: HandoutBlock[];
  skills: HandoutBlock[];
  renumbered: HandoutBlock[];
  /** Paragraphs, list items, table rows and headings, each led by the section under the chapter that holds it. */
  text: HandoutBlock[];
}

function textBlock(change: TextChange, where: string | null, words: BookWords): HandoutBlock {
  const lead = [span(`${textChangeName(change, words)}${words.words.colon} `, 'bold'), ...(where ? [span(`(${where}) `, 'muted')] : [])];
  switch (change.type) {
    case 'added':
      return { kind: 'item', spans: [...lead, span(plain(change.new.text))] };
    case 'removed':
      return { kind: 'item', spans: [...lead, span(plain(change.old.text), 'muted')] };
    case 'moved':
      return { kind: 'item', spans: [...lead, span(plain(change.new.text))] };
    case 'changed': {
      // On paper emphasis markers are noise: the words are compared bare.
      const bare = wordDiff(withoutEmphasis(change.old.text), withoutEmphasis(change.new.text));
      if (bare.every((p) => p.op === 'same')) return { kind: 'item', spans: [...lead, span(`${words.words.changes.emphasisChanged}${words.words.colon} `, 'muted'), span(plain(change.new.text))] };
      return { kind: 'item', spans: [...lead, ...diffSpans(condenseWords(bare, TEXT_CONTEXT_WORDS))] };
    }
  }
}

function entryBlock(change: EntryChange, words: BookWords): [keyof Chapter, HandoutBlock] | null {
  const w = words.words.changes;
  switch (change.type) {
    case 'added':
      return ['added', { kind: 'item', spans: [span(`${change.new.number} `, 'bold'), span(plain(change.new.text))] }];
    case 'removed':
      return ['removed', { kind: 'item', spans: [span(`${change.old.number} `, 'bold'), span(plain(change.old.text), 'muted')] }];
    case 'changed':
      if (change.referencesOnly) return null;
      return [
        'changed',
        { kind: 'item', spans: [span(`${change.new.number} `, 'bold'), ...(change.renumbered || change.moved ? [span(`(${fill(w.wasNumber, { number: change.old.number })}) `, 'muted')] : []), ...diffSpans(change.words)] },
      ];
    case 'moved':
      return ['renumbered', { kind: 'item', spans: [span(`${change.old.number} → ${change.new.number} `, 'bold'), span(fill(w.movedTo, { place: change.toParent ?? w.theTopLevel }), 'muted')] }];
    case 'renumbered':
      return null;
  }
}

function skillBlock(change: SkillChange, words: BookWords): HandoutBlock {
  const w = words.words.changes;
  const cost = (skill: SkillSummary) => costText(skill, words);
  switch (change.type) {
    case 'added':
      return {
        kind: 'item',
        spans: [
          span(change.new.name, 'bold'),
          span(` (${cost(change.new)}) `),
          span(w.newTag, 'added'),
          ...(change.new.prerequisites.length ? [span(` · ${fill(w.requiresTag, { list: change.new.prerequisites.join(', ') })}`)] : []),
        ],
      };
    case 'removed':
      return { kind: 'item', spans: [span(change.old.name, 'bold'), span(` (${cost(change.old)}) `), span(w.removedTag, 'removed')] };
    case 'changed': {
      const spans: Span[] = [span(change.new.name, 'bold')];
      const parts: Span[][] = [];
      if (change.renamed) parts.push(spansOf(w.renamedFrom, { name: span(change.old.name, 'removed') }));
      if (change.costChanged) parts.push(spansOf(w.costChange, { old: span(cost(change.old), 'removed'), new: span(cost(change.new), 'added') }));
      if (change.prerequisitesAdded.length) parts.push(spansOf(w.nowRequires, { list: span(change.prerequisitesAdded.join(', '), 'added') }));
      if (change.prerequisitesRemoved.length) parts.push(spansOf(w.noLongerRequires, { list: span(change.prerequisitesRemoved.join(', '), 'removed') }));
      for (const f of change.fields) parts.push([span(`${f.name}${words.words.colon} `), ...(f.old ? [span(f.old, 'removed'), span(' → ')] : []), span(f.new || w.none, f.new ? 'added' : 'muted')]);
      if (change.words) parts.push(spansOf(w.description, { words: diffSpans(change.words) }));
      parts.forEach((p, k) => spans.push(span(k === 0 ? ': ' : '; '), ...p));
      return { kind: 'item', spans };
    }
  }
}

/** The handout in the book's words (`words`, English by default): it is for the book's players. */
export function planHandout(c: RulebookComparison, oldLabel: string, words: BookWords = ENGLISH): HandoutBlock[] {
  const w = words.words.changes;
  const chapters = new Map<string, Chapter>();
  const chapter = (name: string | null) => {
    const key = name ?? w.general;
    let found = chapters.get(key);
    if (!found) chapters.set(key, (found = { added: [], changed: [], removed: [], skills: [], renumbered: [], text: [] }));
    return found;
  };
  for (const change of c.entries) {
    const block = entryBlock(change, words);
    if (block) chapter(change.type === 'removed' ? change.old.chapter : change.new.chapter)[block[0]].push(block[1]);
  }
  for (const change of c.skills) chapter(change.type === 'removed' ? change.old.chapter : change.new.chapter).skills.push(skillBlock(change, words));
  const chapterOfNew = new Map(c.entries.filter((e) => e.type !== 'removed').map((e) => [e.new.id, e.new.chapter] as const));
  for (const run of c.renumberRuns) {
    const text = run.count === 1 ? fill(w.isNow, { old: run.oldFirst, new: run.newFirst }) : fill(w.areNow, { oldFirst: run.oldFirst, oldLast: run.oldLast, newFirst: run.newFirst, newLast: run.newLast });
    chapter(chapterOfNew.get(run.entries[0].newId) ?? null).renumbered.push({ kind: 'item', spans: [span(text)] });
  }

  for (const { section, changes } of shownTextSections(c, true)) {
    const where = section.path.length > 1 ? section.path.slice(1).join(' › ') + (section.removed ? ` (${w.sectionRemoved})` : '') : null;
    chapter(section.path[0] ?? null).text.push(...changes.map((change) => textBlock(change, where, words)));
  }

  // `title: ""` or `date: ""` in the settings is as good as none.
  const title = c.new.title || w.theRulebook;
  const edition = c.new.edition ? fill(words.words.edition, { edition: c.new.edition }) : c.new.date || w.thisEdition;
  const blocks: HandoutBlock[] = [
    { kind: 'title', spans: [span(fill(w.handoutTitle, { title }))] },
    { kind: 'subtitle', spans: [span(capitalised(fill(w.editionComparedWith, { edition, old: oldLabel })))] },
    { kind: 'note', spans: spansOf(w.handoutLegend, { removed: span(w.struckWords, 'removed'), added: span(w.boldWords, 'added') }) },
  ];
  // "Nothing changed" is said only of equal texts (line endings aside); a difference no list shows is named.
  const quiet = quietTextDifferences(c.summary, words);
  if (!chapters.size) blocks.push({ kind: 'note', spans: [span(c.text && !c.text.identical ? `${w.noWordChanges}${quiet ? ` ${quiet}` : ''}` : w.nothingChanged)] });
  else if (quiet) blocks.push({ kind: 'note', spans: [span(quiet, 'muted')] });
  const headings: [keyof Chapter, string][] = [
    ['added', w.newRules],
    ['changed', w.changedRules],
    ['removed', w.removedRules],
    ['skills', w.skills],
    // Holds renumbered runs (which may include reworded rules) and moved rules.
    ['renumbered', w.renumberedAndMoved],
    ['text', w.otherText],
  ];
  for (const [name, notes] of chapters) {
    blocks.push({ kind: 'chapter', spans: [span(name)] });
    for (const [key, heading] of headings) {
      if (!notes[key].length) continue;
      blocks.push({ kind: 'heading', spans: [span(heading)] }, ...notes[key]);
    }
  }
  return blocks;
}
