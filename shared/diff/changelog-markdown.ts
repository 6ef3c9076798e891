/**
 * A markdown changelog for players and marshals: what changed, chapter by chapter, in the words of the rules, and
 * around them the words of the book's language.
 */
import { ENGLISH, fill, type BookWords } from '../model/book-words.js';
import { condenseWords, costText, hasSkills, oldVersionName } from './format-text.js';
import { countList, isLiteral, quietTextDifferences, shownTextCounts, shownTextSections, textChangeName, withoutEmphasis } from './text-notes.js';
import { needsGapAfter, wholeWordParts, wordDiff } from './word-diff.js';
import type { EntryChange, RulebookComparison, SkillChange, SkillSummary, TextBlockSummary, TextChange, WordPart } from './types.js';

/** Unchanged words kept either side of an edit in a long paragraph: enough to find it in the book. */
const TEXT_CONTEXT_WORDS = 12;

/** Wraps the non-blank part of a span, keeping its edge spaces outside, so Markdown emphasis still works. */
function wrap(text: string, mark: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return m[2] ? `${m[1]}${mark}${m[2]}${mark}${m[3]}` : text;
}

/** Word diff as Markdown: removed words struck through, added words in bold, whole words so the emphasis always renders. */
export function markdownWords(precise: readonly WordPart[]): string {
  const parts = wholeWordParts(precise);
  return parts
    .map((p, k) => {
      if (p.op === 'same') return p.text;
      if (p.op === 'added') return wrap(p.text, '**');
      return wrap(p.text, '~~') + (needsGapAfter(parts, k) ? ' ' : '');
    })
    .join('')
    .replace(/\s*\n\s*/g, ' ');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

interface ChapterNotes {
  added: string[];
  changed: string[];
  removed: string[];
  moved: string[];
  renumbered: string[];
  skills: string[];
  /** Text changes by the section under the chapter that holds them (null: the chapter's own text). */
  text: Map<string | null, string[]>;
}

/** Code, HTML comments and settings are quoted as written: rendered, a comment would vanish and YAML would reflow. */
function literal(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/[\\`*_~[\]<>|]/g, (ch) => `\\${ch}`);
}

function blockText(block: TextBlockSummary): string {
  return isLiteral(block.kind) ? literal(block.text.trim()) : oneLine(block.text);
}

function textNote(change: TextChange, words: BookWords): string {
  const name = textChangeName(change, words);
  const colon = words.words.colon;
  switch (change.type) {
    case 'added':
      return `${name}${colon} ${blockText(change.new)}`;
    case 'removed':
      return `${name}${colon} ${blockText(change.old)}`;
    case 'moved':
      return `${name} (${fill(words.words.changes.wasLine, { line: change.old.range.start.line })})${colon} ${blockText(change.new)}`;
    case 'changed': {
      if (isLiteral(change.new.kind)) {
        const parts = condenseWords(change.words, TEXT_CONTEXT_WORDS);
        return `${name}${colon} ${parts.map((p) => (p.op === 'same' ? literal(p.text) : p.op === 'added' ? `**${literal(p.text)}**` : `~~${literal(p.text)}~~`)).join('')}`;
      }
      // Emphasis markers inside a diff would not render (or would swallow the strike-through): the words are compared bare.
      const bare = wordDiff(withoutEmphasis(change.old.text), withoutEmphasis(change.new.text));
      if (bare.every((p) => p.op === 'same')) return `${name} (${words.words.changes.emphasisOnly})${colon} ${oneLine(change.new.text)}`;
      return `${name}${colon} ${markdownWords(condenseWords(bare, TEXT_CONTEXT_WORDS))}`;
    }
  }
}

function skillNote(change: SkillChange, words: BookWords): string {
  const w = words.words.changes;
  const cost = (skill: SkillSummary) => costText(skill, words);
  switch (change.type) {
    case 'added': {
      const requires = change.new.prerequisites.length ? ` ${fill(w.skillRequires, { list: change.new.prerequisites.join(', ') })}` : '';
      return `${fill(w.skillIsNew, { name: `**${change.new.name}**`, cost: cost(change.new) })}${requires}`;
    }
    case 'removed':
      return fill(w.skillWasRemoved, { name: `**${change.old.name}**`, cost: cost(change.old) });
    case 'changed': {
      const what: string[] = [];
      if (change.renamed) what.push(fill(w.renamedFrom, { name: `**${change.old.name}**` }));
      if (change.costChanged) what.push(fill(w.costChange, { old: cost(change.old), new: cost(change.new) }));
      if (change.prerequisitesAdded.length) what.push(fill(w.nowRequires, { list: change.prerequisitesAdded.join(', ') }));
      if (change.prerequisitesRemoved.length) what.push(fill(w.noLongerRequires, { list: change.prerequisitesRemoved.join(', ') }));
      for (const f of change.fields) what.push(`${f.name}${words.words.colon} ${f.old || w.none} → ${f.new || w.none}`);
      const description = change.words ? `\n  ${markdownWords(change.words)}` : '';
      return `**${change.new.name}**${words.words.colon} ${what.length ? what.join('; ') : w.descriptionChanged}.${description}`;
    }
  }
}

/** The lists of entries and skills (text changes go by section). */
type NoteList = Exclude<keyof ChapterNotes, 'text'>;

function entryNote(change: EntryChange, words: BookWords): { list: NoteList; text: string } | null {
  const w = words.words.changes;
  switch (change.type) {
    case 'added':
      return { list: 'added', text: `**${change.new.number}** ${oneLine(change.new.text)}` };
    case 'removed':
      return { list: 'removed', text: `**${change.old.number}** ${oneLine(change.old.text)}` };
    case 'changed': {
      if (change.referencesOnly) return null;
      const was = change.renumbered || change.moved ? ` (${fill(w.wasNumber, { number: change.old.number })})` : '';
      return { list: 'changed', text: `**${change.new.number}**${was} ${markdownWords(change.words)}` };
    }
    case 'moved':
      return {
        list: 'moved',
        text: `**${change.new.number}** (${fill(w.wasNumber, { number: change.old.number })}) ${fill(w.movedFromTo, { from: change.fromParent ?? w.theTopLevel, to: change.toParent ?? w.theTopLevel })}${words.words.colon} ${oneLine(change.new.text)}`,
      };
    case 'renumbered':
      return null;
  }
}

/**
 * `oldLabel` names the old version when its settings give no title, edition or date (a path, a git revision);
 * `words` are the book's (English by default).
 */
export function changelogMarkdown(c: RulebookComparison, oldLabel?: string, words: BookWords = ENGLISH): string {
  const w = words.words.changes;
  const chapters = new Map<string, ChapterNotes>();
  const notes = (chapter: string | null) => {
    const name = chapter ?? w.general;
    let found = chapters.get(name);
    if (!found) {
      found = { added: [], changed: [], removed: [], moved: [], renumbered: [], skills: [], text: new Map() };
      chapters.set(name, found);
    }
    return found;
  };
  for (const change of c.entries) {
    const note = entryNote(change, words);
    if (!note) continue;
    notes(change.type === 'removed' ? change.old.chapter : change.new.chapter)[note.list].push(note.text);
  }
  const chapterOfNew = new Map(c.entries.filter((e) => e.type !== 'removed').map((e) => [e.new.id, e.new.chapter] as const));
  for (const run of c.renumberRuns) {
    const text =
      run.count === 1
        ? `${fill(w.isNow, { old: run.oldFirst, new: run.newFirst })}.`
        : `${fill(w.areNow, { oldFirst: run.oldFirst, oldLast: run.oldLast, newFirst: run.newFirst, newLast: run.newLast })} (${words.count(w.ruleCount, run.count)}).`;
    notes(chapterOfNew.get(run.entries[0].newId) ?? null).renumbered.push(text);
  }
  for (const change of c.skills) notes(change.type === 'removed' ? change.old.chapter : change.new.chapter).skills.push(skillNote(change, words));
  const textSections = shownTextSections(c, true);
  for (const { section, changes } of textSections) {
    const chapter = notes(section.path[0] ?? null);
    const sub = section.path.length > 1 ? section.path.slice(1).join(' › ') + (section.removed ? ` (${w.sectionRemoved})` : '') : null;
    chapter.text.set(sub, [...(chapter.text.get(sub) ?? []), ...changes.map((change) => textNote(change, words))]);
  }

  // `title: ""` or `date: ""` in the settings is as good as none (as in the handout).
  const title = c.new.title || w.theRulebook;
  const newName = c.new.edition ? fill(words.words.edition, { edition: c.new.edition }) : c.new.date || w.thisEdition;
  const out: string[] = [`# ${fill(w.changelogTitle, { title, version: newName })}`, '', fill(w.comparedWith, { old: oldVersionName(c, oldLabel ?? w.previousVersion, words) }), ''];
  const s = c.summary;
  const ruleCounts = countList(
    [
      [s.added, w.newCount],
      [s.changed, w.changedCount],
      [s.removed, w.removedCount],
      [s.moved, w.movedCount],
      [s.renumbered, w.onlyRenumberedCount],
    ],
    words,
  );
  const skillCounts = countList(
    [
      [s.skillsAdded, w.newCount],
      [s.skillsChanged, w.changedCount],
      [s.skillsRenamed, w.renamedCount],
      [s.skillsRemoved, w.removedCount],
    ],
    words,
  );
  const text = shownTextCounts(textSections, words);
  const quiet = quietTextDifferences(s, words);
  if (!ruleCounts && !skillCounts && !text) {
    // Texts that differ only where no reader sees it are not "unchanged": say what differs.
    return `${out.join('\n')}${quiet && !(c.text?.identical ?? true) ? `${w.noWordChanges} ${quiet}` : w.noChanges}\n`;
  }
  const glance = [
    fill(w.rulesGlance, { counts: ruleCounts ?? w.unchanged }),
    ...(hasSkills(c) ? [fill(w.skillsGlance, { counts: skillCounts ?? w.unchanged })] : []),
    ...(text ? [fill(w.textGlance, { counts: text })] : []),
  ];
  out.push(`**${w.atAGlance}** ${glance.join(' ')}`, '');
  out.push(text ? w.legendRulesAndText : w.legendRules, '');
  const headings: [NoteList, string][] = [
    ['added', w.newRules],
    ['changed', w.changedRules],
    ['removed', w.removedRules],
    ['moved', w.movedRules],
    ['skills', w.skills],
    // A run can hold rules also listed as changed (103.2 reworded and now 103.1): not "same text".
    ['renumbered', w.renumberedRules],
  ];
  for (const [chapter, n] of chapters) {
    out.push(`## ${chapter}`, '');
    for (const [key, heading] of headings) {
      if (!n[key].length) continue;
      out.push(`### ${heading}`, '', ...n[key].map((line) => `- ${line}`), '');
    }
    if (n.text.size) {
      out.push(`### ${w.otherText}`, '');
      for (const [sub, lines] of n.text) {
        if (sub) out.push(`#### ${sub}`, '');
        out.push(...lines.map((line) => `- ${line}`), '');
      }
    }
  }
  if (quiet) out.push(`_${quiet}_`, '');
  if (s.referencesUpdated) out.push(`_${words.count(w.rulesReferencesUpdated, s.referencesUpdated)}_`, '');
  return out.join('\n');
}
