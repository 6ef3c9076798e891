/**
 * The review as one Markdown comment for a pull request: a verdict, then what a reviewer must look at first (new
 * findings, broken references, skills), then the rest. Long lists fold into <details>, and the whole comment stays
 * under GitHub's 65,536-character limit: when it would not, the least urgent lists are cut with a count of the rest.
 */
import { costText } from '../../shared/diff/format-text.js';
import { referenceCounts } from '../../shared/diff/impact.js';
import { wholeWordParts, needsGapAfter } from '../../shared/diff/word-diff.js';
import type { EntryChange, ImpactItem, WordPart } from '../../shared/diff/types.js';
import type { Finding } from '../../shared/lint/types.js';
import { countBySeverity, type FindingCounts } from '../lint/run-lint.js';
import { introducesErrors, type Review, type SkillImpact } from './build-review.js';
import { NO_LINKS, type LineLink } from './line-links.js';
import { textCounts } from '../../shared/diff/text-notes.js';
import { plural } from '../../shared/model/plural.js';

/** The first line of every report: the CI recipe finds its earlier comment by it, to update it instead of adding one. */
export const REVIEW_MARKER = '<!-- rulebook-review -->';
/** GitHub refuses comments over 65,536 characters; the report keeps a margin under 65,000. */
export const COMMENT_LIMIT = 65_000;
/** Lists longer than this fold into <details>. */
const OPEN_ITEMS = 10;

export interface MarkdownOptions {
  readonly links?: LineLink;
  /** How the base was named on the command line, for the hint that applies the reference fixes. */
  readonly baseSpec?: string;
  /** At most this many characters (default COMMENT_LIMIT). */
  readonly limit?: number;
}

/** Text from the rulebook, made inert in a comment: no HTML, no @mentions, no table or emphasis breaking out. */
export function inert(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '&#64;')
    .replace(/([\\`*_~[\]|])/g, '\\$1')
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * A lint message made inert, its `quoted names` kept as code spans: text in a code span is shown as written
 * (no HTML, no mention), and a name holding a backtick is escaped as plain text instead.
 */
function inertMessage(message: string): string {
  return message
    .split(/(`[^`\n]+`)/)
    .map((part, k) => (k % 2 === 1 ? part : inert(part)))
    .join('');
}

function code(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  const ticks = flat.includes('`') ? '`` ' : '`';
  return `${ticks}${flat}${ticks === '`' ? '`' : ' ``'}`;
}

function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A word diff with removed words struck through and added ones in bold, each part made inert. */
function words(parts: readonly WordPart[]): string {
  const whole = wholeWordParts(parts);
  return whole
    .map((p, k) => {
      const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(p.text)!;
      if (p.op === 'same' || !m[2]) return inert(p.text);
      const mark = p.op === 'added' ? '**' : '~~';
      return `${m[1]}${mark}${inert(m[2])}${mark}${m[3]}${p.op === 'removed' && needsGapAfter(whole, k) ? ' ' : ''}`;
    })
    .join('')
    .replace(/\s*\n\s*/g, ' ');
}

const ICON = { error: ':x:', warning: ':warning:', info: ':information_source:' } as const;

interface Section {
  readonly title: string;
  readonly items: readonly string[];
  /** A line under the title, before the list. */
  readonly note?: string;
}

function where(links: LineLink, file: string, line: number): string {
  const url = links(file, line);
  return url ? `[${code(`${file}:${line}`)}](${url})` : code(`${file}:${line}`);
}

function findingItem(f: Finding, links: LineLink): string {
  return `${ICON[f.severity]} ${where(links, f.range.file, f.range.start.line)} ${inertMessage(f.message)} (${code(f.ruleId)})`;
}

function impactItem(i: ImpactItem, links: LineLink): string {
  const fix = i.replacement !== null ? `: write ${code(i.replacement)} instead of ${code(i.target)}` : ': no sure fix, a person must choose';
  return `${where(links, i.range.file, i.range.start.line)} ${inertMessage(i.message)}${fix}`;
}

function skillItem(s: SkillImpact, links: LineLink): string {
  const c = s.change;
  let text: string;
  if (c.type === 'added') text = `**${inert(c.new.name)}** (${inert(costText(c.new))}) is new ${where(links, c.new.range.file, c.new.range.start.line)}`;
  else if (c.type === 'removed') text = `**${inert(c.old.name)}** (${inert(costText(c.old))}) was removed`;
  else {
    const what: string[] = [];
    if (c.renamed) what.push(`renamed from **${inert(c.old.name)}**`);
    if (c.costChanged) what.push(`re-priced ${inert(costText(c.old))} → ${inert(costText(c.new))}`);
    if (c.prerequisitesAdded.length) what.push(`now requires ${inert(c.prerequisitesAdded.join(', '))}`);
    if (c.prerequisitesRemoved.length) what.push(`no longer requires ${inert(c.prerequisitesRemoved.join(', '))}`);
    for (const f of c.fields) what.push(`${inert(f.name)}: ${inert(f.old || '(none)')} → ${inert(f.new || '(none)')}`);
    if (c.words) what.push('description changed');
    text = `**${inert(c.new.name)}** ${what.join('; ')} ${where(links, c.new.range.file, c.new.range.start.line)}`;
  }
  const by = s.requiredBy.length ? ` · required by ${s.requiredBy.map((n) => `**${inert(n)}**`).join(', ')}` : '';
  return `${text}${by}`;
}

function entryItem(c: EntryChange, links: LineLink): string | null {
  switch (c.type) {
    case 'added':
      return `added **${inert(c.new.number)}** ${where(links, c.new.range.file, c.new.range.start.line)} ${inert(excerpt(c.new.text))}`;
    case 'removed':
      return `removed **${inert(c.old.number)}** ${inert(excerpt(c.old.text))}`;
    case 'changed': {
      if (c.referencesOnly) return null;
      const was = c.old.number !== c.new.number ? ` (was ${inert(c.old.number)})` : '';
      return `changed **${inert(c.new.number)}**${was} ${where(links, c.new.range.file, c.new.range.start.line)} ${words(c.words)}`;
    }
    case 'moved':
      return `moved **${inert(c.new.number)}** (was ${inert(c.old.number)}) from ${inert(c.fromParent ?? 'the top level')} to ${inert(c.toParent ?? 'the top level')} ${where(links, c.new.range.file, c.new.range.start.line)}`;
    case 'renumbered':
      // Listed as runs.
      return null;
  }
}

function countsText(counts: FindingCounts): string {
  const parts = [counts.errors && plural(counts.errors, 'error'), counts.warnings && plural(counts.warnings, 'warning'), counts.infos && plural(counts.infos, 'note')].filter(Boolean);
  return parts.length ? parts.join(', ') : 'none';
}

function sections(review: Review, links: LineLink, baseSpec: string | undefined): Section[] {
  const bySeverity = (a: Finding, b: Finding) => rank(a) - rank(b);
  const introduced = [...review.introduced].sort(bySeverity);
  const fixes = referenceCounts(review.impact).fixableReferences;
  const fixHint = fixes && baseSpec ? `\`rulebook diff ${baseSpec.replace(/`/g, '')} --fix\` applies the ${plural(fixes, 'sure fix', 'sure fixes')}.` : undefined;
  return [
    { title: 'New findings', items: introduced.map((f) => findingItem(f, links)) },
    { title: 'References this change broke', items: review.impact.map((i) => impactItem(i, links)), note: fixHint },
    { title: 'Skills', items: review.skills.map((s) => skillItem(s, links)) },
    { title: 'Findings fixed', items: review.fixed.map((f) => `${ICON[f.severity]} ${code(`${f.range.file}:${f.range.start.line}`)} (base) ${inertMessage(f.message)} (${code(f.ruleId)})`) },
    { title: 'Renumbered', items: review.comparison.renumberRuns.map((r) => inert(r.label)) },
    { title: 'Rules and headings', items: review.comparison.entries.map((c) => entryItem(c, links)).filter((x): x is string => x !== null) },
  ];
}

function rank(f: Finding): number {
  return f.severity === 'error' ? 0 : f.severity === 'warning' ? 1 : 2;
}

function head(review: Review): string[] {
  const introduced = countBySeverity(review.introduced);
  const s = review.comparison.summary;
  const verdict = introducesErrors(review)
    ? `:x: **This change introduces ${plural(introduced.errors, 'error')}.**`
    : review.introduced.length
      ? `:warning: **This change introduces no errors**, but ${countsText(introduced)}.`
      : ':white_check_mark: **This change introduces no findings.**';
  const rules = [s.added && `${s.added} added`, s.changed && `${s.changed} changed`, s.removed && `${s.removed} removed`, s.moved && `${s.moved} moved`, s.renumbered && `${s.renumbered} only renumbered`, s.referencesUpdated && `${s.referencesUpdated} with references updated`].filter(Boolean);
  const skills = [s.skillsAdded && `${s.skillsAdded} added`, s.skillsChanged && `${s.skillsChanged} changed`, s.skillsRenamed && `${s.skillsRenamed} renamed`, s.skillsRemoved && `${s.skillsRemoved} removed`].filter(Boolean);
  const repriced = review.skills.filter((k) => k.change.type === 'changed' && k.change.costChanged).length;
  const references = referenceCounts(review.impact);
  return [
    REVIEW_MARKER,
    '## Rulebook review',
    '',
    verdict,
    '',
    `Compared ${inert(review.base.label)} with ${inert(review.head.label)}.`,
    '',
    '| | |',
    '| --- | --- |',
    `| New findings | ${countsText(introduced)} |`,
    `| Findings fixed | ${countsText(countBySeverity(review.fixed))} |`,
    `| Rules and headings | ${rules.length ? rules.join(', ') : 'unchanged'}${s.renumberRuns ? ` (${plural(s.renumberRuns, 'renumbered run')})` : ''} |`,
    `| Skills | ${skills.length ? skills.join(', ') : 'unchanged'}${repriced ? ` (${repriced} re-priced)` : ''} |`,
    // Paragraphs, list items, table rows and headings outside the rules and skills: counted here, listed by `rulebook diff`.
    ...(textCounts(s) ? [`| Other text | ${textCounts(s)} |`] : []),
    `| References broken | ${references.brokenReferences ? `${references.brokenReferences} (${references.fixableReferences} with a sure fix)` : 'none'} |`,
    '',
  ];
}

/**
 * Lays the sections out within `limit`: each item is added while the rest still fits (with room kept for closing
 * every section), and a section cut short ends with how many more there are and where to see them all.
 */
function layout(top: readonly string[], all: readonly Section[], limit: number): string {
  const out: string[] = [...top];
  let size = out.join('\n').length + 1;
  const present = all.filter((s) => s.items.length);
  const CLOSING = 300;
  for (let k = 0; k < present.length; k++) {
    const section = present[k];
    const folded = section.items.length > OPEN_ITEMS;
    const title = `${section.title} (${section.items.length})`;
    const opening = folded ? ['<details>', `<summary><strong>${title}</strong></summary>`, ''] : [`### ${title}`, ''];
    const lines = [...opening, ...(section.note ? [section.note, ''] : [])];
    const reserve = CLOSING * (present.length - k);
    let added = 0;
    let grown = size + lines.join('\n').length + 1;
    for (const item of section.items) {
      const line = `- ${item}`;
      if (grown + line.length + 1 + reserve > limit) break;
      lines.push(line);
      grown += line.length + 1;
      added++;
    }
    if (added < section.items.length) lines.push(`- …and ${section.items.length - added} more, left out to fit a comment: \`rulebook review --format json\` lists them all.`);
    lines.push('');
    if (folded) lines.push('</details>', '');
    const text = lines.join('\n');
    if (size + text.length + 1 > limit) break;
    out.push(...lines);
    size += text.length + 1;
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

export function formatReviewMarkdown(review: Review, options: MarkdownOptions = {}): string {
  const links = options.links ?? NO_LINKS;
  return layout(head(review), sections(review, links, options.baseSpec), options.limit ?? COMMENT_LIMIT);
}
