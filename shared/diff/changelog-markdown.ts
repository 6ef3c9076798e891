/** A markdown changelog for players and marshals: what changed, chapter by chapter, in the words of the rules. */
import { costText, hasSkills, oldVersionName } from './format-text.js';
import { needsGapAfter, wholeWordParts } from './word-diff.js';
import type { EntryChange, RulebookComparison, SkillChange, WordPart } from './types.js';

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

function entryNote(change: EntryChange): { list: keyof ChapterNotes; text: string } | null {
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
      found = { added: [], changed: [], removed: [], moved: [], renumbered: [], skills: [] };
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
  if (!ruleCounts.length && !skillCounts.length) return `${out.join('\n')}No changes.\n`;
  const glance = [`Rules: ${ruleCounts.length ? ruleCounts.join(', ') : 'unchanged'}.`, ...(hasSkills(c) ? [`Skills: ${skillCounts.length ? skillCounts.join(', ') : 'unchanged'}.`] : [])];
  out.push(`**At a glance:** ${glance.join(' ')}`, '');
  out.push('In changed rules, ~~struck text~~ was removed and **bold text** was added.', '');
  const headings: [keyof ChapterNotes, string][] = [
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
  }
  if (s.referencesUpdated) {
    out.push(`_${s.referencesUpdated} rule${s.referencesUpdated === 1 ? '' : 's'} only had rule numbers in ${s.referencesUpdated === 1 ? 'its' : 'their'} text updated to follow the renumbering; ${s.referencesUpdated === 1 ? 'it is' : 'they are'} not listed._`, '');
  }
  return out.join('\n');
}
