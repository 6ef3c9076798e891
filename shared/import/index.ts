/**
 * importRulebook: text of an existing rulebook (copied from a PDF or a wiki, exported from Word as HTML,
 * or Markdown) → rulebook-dialect Markdown and a report of what was recognised and where to look. Pure:
 * runs in Node and in the browser alike.
 */
import type { Block } from './blocks.js';
import { emitMarkdown, type FrontMatter } from './emit.js';
import { costUnitsFor, detectEdition, editionFromTitle } from './front-matter.js';
import { htmlToLines } from './html.js';
import { splitLines } from './lines.js';
import { upgradeMarkdown } from './markdown.js';
import { isMediaWiki, mediaWikiToLines } from './mediawiki.js';
import { analyse } from '../analyse/index.js';
import type { LinkedRulebook } from '../link/types.js';
import { DEFAULT_COST_UNITS } from '../parse/index.js';
import { detectSkipLetters } from './numbering.js';
import { ReportBuilder, unknownPrerequisitesOf, type ImportReport, type UnknownPrerequisite } from './report.js';
import { readStructure } from './structure.js';
import { applyRequires } from './prerequisites.js';
import { keepPriceListsAsLists } from './price-lists.js';
import { isFlattened, unflatten } from './run-in.js';
import { inferLayout } from '../layout/infer.js';
import { mergeFrontMatterSettings } from '../layout/settings-yaml.js';
import { findUnread } from '../layout/unread.js';

export type { ImportReport, ImportCounts, UnknownPrerequisite, UnreadPlace, UnsureLine } from './report.js';
export { formatReport } from './report.js';

export type ImportFormat = 'txt' | 'md' | 'html';

export interface ImportOptions {
  readonly format: ImportFormat;
  /** A title to use when the text has none of its own (the file name, say). */
  readonly name?: string;
}

export interface ImportResult {
  readonly markdown: string;
  readonly report: ImportReport;
}

export function importRulebook(text: string, options: ImportOptions): ImportResult {
  const report = new ReportBuilder();
  if (options.format === 'md') return importMarkdown(text, report, options);
  const wiki = options.format === 'txt' && isMediaWiki(text);
  if (wiki) report.recognise('MediaWiki markup');
  const read = options.format === 'html' ? htmlToLines(text) : wiki ? mediaWikiToLines(text) : splitLines(text);
  const lines = isFlattened(read) ? unflatten(read, report) : read;
  const structure = readStructure(lines, report);
  return finish(keepPriceListsAsLists(applyRequires(structure.blocks), report), text, report, options, {
    title: structure.title ?? headingTitle(structure.blocks) ?? options.name ?? null,
    hundredsSections: structure.hundredsSections,
    glossaryTerms: structure.glossaryTerms,
  });
}

function finish(
  blocks: readonly Block[],
  source: string,
  report: ReportBuilder,
  options: ImportOptions,
  found: { title: string | null; hundredsSections: boolean; glossaryTerms: number },
): ImportResult {
  const ruleNumbers = blocks.filter((b) => b.kind === 'rule').map((b) => (b as { number: string }).number);
  const skipLetters = detectSkipLetters(ruleNumbers);
  if (skipLetters.length) report.recognise(`sub-rule letters never used: ${skipLetters.join(', ')}`);
  if (found.hundredsSections) report.recognise('chapters holding hundreds of sections');
  const costUnits = costUnitsFor(blocks.map((b) => (b.kind === 'skill' ? b.cost : null)), DEFAULT_COST_UNITS);
  if (costUnits.length) report.recognise(`cost units: ${costUnits.join(', ')}`);
  const front: FrontMatter = {
    title: found.title,
    edition: detectEdition(source) ?? editionFromTitle(found.title),
    costUnits,
    numbering: { skipLetters, hundredsSections: found.hundredsSections },
  };
  const { markdown, counts } = emitMarkdown(blocks, front);
  // Counted as the editor will read the result, so the report never promises what the parser does not see.
  const { model, linked } = analyse({ files: [{ path: 'rulebook.md', text: markdown }] });
  return {
    markdown,
    report: report.build(
      options.format,
      { sections: model.sections.length, rules: model.rules.length, skills: model.skills.length, tables: counts.tables, glossaryTerms: found.glossaryTerms },
      unknownPrerequisites(linked),
    ),
  };
}

/** The prerequisites of the imported text that name none of its skills, as the linter will report them. */
function unknownPrerequisites(linked: LinkedRulebook): UnknownPrerequisite[] {
  return unknownPrerequisitesOf(linked.unresolvedPrerequisites.map((u) => u.term.text));
}

/**
 * A page whose only top heading opens it (a wiki page's title, a Word document's Heading 1) names the
 * rulebook better than its file name does. The heading stays where it is.
 */
function headingTitle(blocks: readonly Block[]): string | null {
  const first = blocks[0];
  if (first?.kind !== 'heading' || first.depth !== 1 || first.numbered) return null;
  return blocks.some((b, i) => i > 0 && b.kind === 'heading' && b.depth === 1) ? null : first.text;
}

/**
 * Markdown stays as written; the counts come from reading it the way the editor will. Its layout is inferred as
 * `rulebook init` infers it and written into the front matter, and what still looks unread is reported.
 */
function importMarkdown(text: string, report: ReportBuilder, options: ImportOptions): ImportResult {
  let markdown = upgradeMarkdown(text, report);
  if (!/^---\s*\n/.test(markdown) && options.name) markdown = `---\ntitle: ${JSON.stringify(options.name)}\n---\n\n${markdown}`;
  if (!markdown.endsWith('\n')) markdown += '\n';
  const layout = inferLayout({ files: [{ path: 'rulebook.md', text: markdown }] });
  const merged = mergeFrontMatterSettings(markdown, layout.settings);
  // Front matter the source got wrong stays as it was: the parser reports it, and the import does not guess.
  if (merged.ok) markdown = merged.text;
  const source = { files: [{ path: 'rulebook.md', text: markdown }] };
  const { model, linked } = analyse(source);
  const unread = findUnread(source, model).map((d) => ({ code: d.code as 'unread-skills' | 'unread-rules', line: d.range.start.line, message: d.message }));
  const tables = (markdown.match(/^\|.*\|\s*\n\|\s*:?-{3,}/gm) ?? []).length;
  report.recognise('markdown');
  return {
    markdown,
    report: report.build(
      'md',
      { sections: model.sections.length, rules: model.rules.length, skills: model.skills.length, tables, glossaryTerms: 0 },
      unknownPrerequisites(linked),
      { layout: merged.ok && merged.changed ? layout : { settings: {}, reasons: [] }, unread },
    ),
  };
}
