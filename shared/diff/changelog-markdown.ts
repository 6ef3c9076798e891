/** A markdown changelog for players and marshals: what changed, chapter by chapter, in the words of the rules. */
import { condenseWords, costText, hasSkills, oldVersionName } from './format-text.js';
import { isLiteral, quietTextDifferences, shownTextCounts, shownTextSections, textChangeName, withoutEmphasis } from './text-notes.js';
import { needsGapAfter, wholeWordParts, wordDiff } from './word-diff.js';
import type { EntryChange, RulebookComparison, SkillChange, TextBlockSummary, TextChange, WordPart } from './types.js';

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

function textNote(change: TextChange): string {
  const name = textChangeName(change);
  switch (change.type) {
    case 'added':
      return `${name}: ${blockText(change.new)}`;
    case 'removed':
      return `${name}: ${blockText(change.old)}`;
    case 'moved':
      return `${name} (was line ${change.old.range.start.line}): ${blockText(change.new)}`;
    case 'changed': {
      if (isLiteral(change.new.kind)) {
        const words = condenseWords(change.words, TEXT_CONTEXT_WORDS);
        return `${name}: ${words.map((p) => (p.op === 'same' ? literal(p.text) : p.op === 'added' ? `**${literal(p.text)}**` : `~~${literal(p.text)}~~`)).join('')}`;
      }
      // Emphasis markers inside a diff would not render (or would swallow the strike-through): the words are compared bare.
      const bare = wordDiff(withoutEmphasis(change.old.text), withoutEmphasis(change.new.text));
      if (bare.every((p) => p.op === 'same')) return `${name} (emphasis only): ${oneLine(change.new.text)}`;
      return `${name}: ${markdownWords(condenseWords(bare, TEXT_CONTEXT_WORDS))}`;
    }
  }
}

function skillNote(change: SkillChange): string {
  switch (change.type) {
    case 'added': {
      const requires = change.new.prerequisites.length ? ` Requires ${change.new.prerequisites.join(', ')}.` : '';
      return `**${change.new.name}** (${costText(change.new)}) is new.${requires}`;
    }
    case 'removed':
      return `**${change.old.name}** (${costText(change.old)}) was removed.`;
    case 'changed': {
      const what: string[] = [];
      if (change.renamed) what.push(`renamed from **${change.old.name}**`);
      if (change.costChanged) what.push(`cost ${costText(change.old)} → ${costText(change.new)}`);
      if (change.prerequisitesAdded.length) what.push(`now requires ${change.prerequisitesAdded.join(', ')}`);
      if (change.prerequisitesRemoved.length) what.push(`no longer requires ${change.prerequisitesRemoved.join(', ')}`);
      for (const f of change.fields) what.push(`${f.name}: ${f.old || '(none)'} → ${f.new || '(none)'}`);
      const description = change.words ? `\n  ${markdownWords(change.words)}` : '';
      return `**${change.new.name}**: ${what.length ? what.join('; ') : 'description changed'}.${description}`;
    }
  }
}

/** The lists of entries and skills (text changes go by section). */
type NoteList = Exclude<keyof ChapterNotes, 'text'>;

function entryNote(change: EntryChange): { list: NoteList; text: string } | null {
  switch (change.type) {
    case 'added':
      return { list: 'added', text: `**${change.new.number}** ${oneLine(change.new.text)}` };
    case 'removed':
      return { list: 'removed', text: `**${change.old.number}** ${oneLine(change.old.text)}` };
    case 'changed': {
      if (change.referencesOnly) return null;
      const was = change.renumbered || change.moved ? ` (was ${change.old.number})` : '';
      return { list: 'changed', text: `**${change.new.number}**${was} ${markdownWords(change.words)}` };
    }
    case 'moved':
      return { list: 'moved', text: `**${change.new.number}** (was ${change.old.number}) moved from ${change.fromParent ?? 'the top level'} to ${change.toParent ?? 'the top level'}: ${oneLine(change.new.text)}` };
    case 'renumbered':
      return null;
  }
}

/** `oldLabel` names the old version when its settings give no title, edition or date (a path, a git revision). */
export function changelogMarkdown(c: RulebookComparison, oldLabel = 'the previous version'): string {
  const chapters = new Map<string, ChapterNotes>();
  const notes = (chapter: string | null) => {
    const name = chapter ?? 'General';
    let found = chapters.get(name);
    if (!found) {
      found = { added: [], changed: [], removed: [], moved: [], renumbered: [], skills: [], text: new Map() };
      chapters.set(name, found);
    }
    return found;
  };
  for (const change of c.entries) {
    const note = entryNote(change);
    if (!note) continue;
    notes(change.type === 'removed' ? change.old.chapter : change.new.chapter)[note.list].push(note.text);
  }
  const chapterOfNew = new Map(c.entries.filter((e) => e.type !== 'removed').map((e) => [e.new.id, e.new.chapter] as const));
  for (const run of c.renumberRuns) {
    const text = run.count === 1 ? `${run.oldFirst} is now ${run.newFirst}.` : `${run.oldFirst}–${run.oldLast} are now ${run.newFirst}–${run.newLast} (${run.count} rules).`;
    notes(chapterOfNew.get(run.entries[0].newId) ?? null).renumbered.push(text);
  }
  for (const change of c.skills) notes(change.type === 'removed' ? change.old.chapter : change.new.chapter).skills.push(skillNote(change));
  const textSections = shownTextSections(c, true);
  for (const { section, changes } of textSections) {
    const chapter = notes(section.path[0] ?? null);
    const sub = section.path.length > 1 ? section.path.slice(1).join(' › ') + (section.removed ? ' (section removed)' : '') : null;
    chapter.text.set(sub, [...(chapter.text.get(sub) ?? []), ...changes.map(textNote)]);
  }

  // `title: ""` or `date: ""` in the settings is as good as none (as in the handout).
  const title = c.new.title || 'the rulebook';
  const newName = c.new.edition ? `edition ${c.new.edition}` : c.new.date || 'this edition';
  const out: string[] = [`# What changed in ${title}, ${newName}`, '', `Compared with ${oldVersionName(c, oldLabel)}.`, ''];
  const s = c.summary;
  const ruleCounts = [
    s.added && `${s.added} new`,
    s.changed && `${s.changed} changed`,
    s.removed && `${s.removed} removed`,
    s.moved && `${s.moved} moved`,
    s.renumbered && `${s.renumbered} only renumbered`,
  ].filter((x): x is string => Boolean(x));
  const skillCounts = [
    s.skillsAdded && `${s.skillsAdded} new`,
    s.skillsChanged && `${s.skillsChanged} changed`,
    s.skillsRenamed && `${s.skillsRenamed} renamed`,
    s.skillsRemoved && `${s.skillsRemoved} removed`,
  ].filter((x): x is string => Boolean(x));
  const text = shownTextCounts(textSections);
  const quiet = quietTextDifferences(s);
  if (!ruleCounts.length && !skillCounts.length && !text) {
    // Texts that differ only where no reader sees it are not "unchanged": say what differs.
    return `${out.join('\n')}${quiet && !(c.text?.identical ?? true) ? `No changes in the words. ${quiet}` : 'No changes.'}\n`;
  }
  const glance = [
    `Rules: ${ruleCounts.length ? ruleCounts.join(', ') : 'unchanged'}.`,
    ...(hasSkills(c) ? [`Skills: ${skillCounts.length ? skillCounts.join(', ') : 'unchanged'}.`] : []),
    ...(text ? [`Other text: ${text}.`] : []),
  ];
  out.push(`**At a glance:** ${glance.join(' ')}`, '');
  out.push(`In changed ${text ? 'rules and text' : 'rules'}, ~~struck text~~ was removed and **bold text** was added.`, '');
  const headings: [NoteList, string][] = [
    ['added', 'New rules'],
    ['changed', 'Changed rules'],
    ['removed', 'Removed rules'],
    ['moved', 'Moved rules'],
    ['skills', 'Skills'],
    // A run can hold rules also listed as changed (103.2 reworded and now 103.1): not "same text".
    ['renumbered', 'Renumbered rules'],
  ];
  for (const [chapter, n] of chapters) {
    out.push(`## ${chapter}`, '');
    for (const [key, heading] of headings) {
      if (!n[key].length) continue;
      out.push(`### ${heading}`, '', ...n[key].map((line) => `- ${line}`), '');
    }
    if (n.text.size) {
      out.push('### Other text', '');
      for (const [sub, lines] of n.text) {
        if (sub) out.push(`#### ${sub}`, '');
        out.push(...lines.map((line) => `- ${line}`), '');
      }
    }
  }
  if (quiet) out.push(`_${quiet}_`, '');
  if (s.referencesUpdated) {
    out.push(`_${s.referencesUpdated} rule${s.referencesUpdated === 1 ? '' : 's'} only had rule numbers in ${s.referencesUpdated === 1 ? 'its' : 'their'} text updated to follow the renumbering; ${s.referencesUpdated === 1 ? 'it is' : 'they are'} not listed._`, '');
  }
  return out.join('\n');
}
