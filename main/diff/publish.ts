/**
 * Publishing an edition: refuse while lint reports errors, export the PDFs `publish:` asks for and the website
 * (`<name>-site/`, with a "What changed" page), write the changelog and the player handout against the previous
 * publication, and record this publication.
 */
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { analyse } from '../../shared/analyse/index.js';
import { changelogMarkdown, compareRulebooks } from '../../shared/diff/index.js';
import { oldVersionName } from '../../shared/diff/format-text.js';
import { planHandout } from '../../shared/diff/handout-plan.js';
import type { ComparisonSummary } from '../../shared/diff/types.js';
import { fileStem } from '../../shared/model/file-stem.js';
import { wordsOfBook } from '../../shared/model/book-words.js';
import type { Finding } from '../../shared/lint/types.js';
import { OutsideFolderError, UserError } from '../errors.js';
import { leadsOutside } from '../fs/inside.js';
import { describeFsError, loadRulebook } from '../fs/load-rulebook.js';
import { buildChangesPdf, buildPdf, EmptyHandoutError } from '../publish/index.js';
import { ReplaceFailure, replaceFiles, type NewFile, type ReplaceHooks } from '../fs/replace-files.js';
import { hasChanges } from '../site/changes.js';
import { makeSiteFiles } from '../site/index.js';
import { gitTargetOf } from './load-version.js';
import { nextRecord, publicationLabel, readPublicationRecord, retiredNumbersLintOptions, writePublicationRecord, type PublicationRecord } from './publication.js';
import { readPublishSettings } from './publish-settings.js';

export interface PublishResult {
  /** Absolute paths of every file written, the record last. */
  readonly written: readonly string[];
  /** The previous publication's label, null for a first publication. */
  readonly previous: string | null;
  readonly summary: ComparisonSummary | null;
  readonly warnings: readonly string[];
}

export interface PublishOptions {
  /** Publishing time (tests fix it). */
  readonly now?: Date;
  /** Progress lines for a person watching ("exporting book…"). */
  readonly onStep?: (message: string) => void;
  /** Lets tests make putting the files in place fail half way. */
  readonly hooks?: ReplaceHooks;
}

/** Thrown when lint reports errors: the findings come along so a caller can show them. */
export class PublishRefused extends UserError {
  constructor(
    message: string,
    readonly errors: readonly Finding[],
  ) {
    super(message, 1);
    this.name = 'PublishRefused';
  }
}

function slug(text: string): string {
  return fileStem(text) || 'rulebook';
}

/**
 * Publishing again under the last publication's edition name is allowed (a reprint with a typo fixed), but
 * players then hold two different texts with one name, and the earlier PDFs, named after the edition, are replaced.
 */
function sameEditionWarning(record: PublicationRecord | null, edition: string | null, where: string): string | null {
  if (!record || edition === null || record.latest.edition !== edition) return null;
  return `${where}: edition ${edition} was already published on ${record.latest.publishedAt.slice(0, 10)}; its files were replaced, and players cannot tell the two apart: set a new \`edition:\` before publishing changes`;
}

export async function publishRulebook(target: string, options: PublishOptions = {}): Promise<PublishResult> {
  const now = options.now ?? new Date();
  const step = options.onStep ?? (() => {});
  const loaded = await loadRulebook(target);
  const { root, singleFile } = gitTargetOf(loaded);
  const record = await readPublicationRecord(root, singleFile);
  // Read and judged as `rulebook lint` reads and judges it (retired numbers included), so the two never disagree.
  const analysis = analyse(loaded.source, { rules: retiredNumbersLintOptions(record) });
  const { linked } = analysis;
  const findings = analysis.findings();
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length) {
    const first = errors[0];
    throw new PublishRefused(
      `${loaded.target}: not published: lint reports ${errors.length} error${errors.length === 1 ? '' : 's'} (first: ${first.range.file}:${first.range.start.line}:${first.range.start.column} ${first.message}); run \`rulebook lint\` to see them`,
      errors,
    );
  }

  const config = linked.model.config;
  const settings = readPublishSettings(config.extra, loaded.manifestPath ?? loaded.target);
  const outDir = path.join(root, settings.out);
  // `publish.out` names a folder inside; a symbolic link (dangling or not) on the way must not put the PDFs elsewhere.
  if (await leadsOutside(await realpath(root), outDir)) throw new OutsideFolderError(`${outDir}:`);
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    throw new UserError(`${outDir}: ${describeFsError(error)}`);
  }
  const base = slug(config.title ?? path.basename(loaded.target).replace(/\.[^.]+$/, '')) + (config.edition ? `-${slug(config.edition)}` : '');
  const warnings: string[] = [];
  const sameEdition = sameEditionWarning(record, config.edition, loaded.manifestPath ?? loaded.target);
  if (sameEdition) warnings.push(sameEdition);
  // Everything is made in memory first and put in place together (replaceFiles): a failure half way
  // leaves the last publication's files as they were, never a mix of two editions.
  const made: NewFile[] = [];

  for (const kind of settings.kinds) {
    const file = path.join(outDir, `${base}-${kind}.pdf`);
    step(`exporting ${kind} → ${path.relative(process.cwd(), file)}`);
    let result: Awaited<ReturnType<typeof buildPdf>>;
    try {
      result = await buildPdf(linked, { kind, paper: settings.paper, source: loaded.source, root: loaded.root, date: config.date ?? now.toISOString().slice(0, 10) });
    } catch (error) {
      if (error instanceof UserError) throw error;
      if (error instanceof EmptyHandoutError) throw new UserError(`${path.basename(loaded.target)}: ${error.message}; nothing published (take \`${kind}\` out of \`publish: kinds\`)`);
      throw new UserError(`${file}: ${describeFsError(error)}; not published`);
    }
    warnings.push(...result.warnings.map((w) => `${kind}: ${w}`));
    made.push({ file, data: result.pdf });
  }

  let summary: ComparisonSummary | null = null;
  let comparison = null;
  if (record) comparison = compareRulebooks(analyse(record.latest.source).linked, linked, { old: record.latest.source, new: loaded.source });

  // The changelog, the handout and the site's page are for the book's players: in the book's language.
  const words = wordsOfBook(config);
  if (record && comparison) {
    summary = comparison.summary;
    step(`writing the changelog against ${publicationLabel(record.latest)}`);
    made.push({ file: path.join(outDir, `${base}-changes.md`), data: changelogMarkdown(comparison, publicationLabel(record.latest, words), words) });
    const handout = planHandout(comparison, oldVersionName(comparison, publicationLabel(record.latest, words), words), words);
    made.push({ file: path.join(outDir, `${base}-what-changed.pdf`), data: buildChangesPdf(handout, { creationDate: now }) });
  }
  // The website, with this edition's "What changed" page: in a folder of its own, put in place with the rest.
  const siteDir = path.join(outDir, `${base}-site`);
  step(`exporting the website → ${path.relative(process.cwd(), siteDir)}`);
  const changes =
    record && comparison && hasChanges(comparison.summary)
      ? { label: publicationLabel(record.latest, words), markdown: changelogMarkdown(comparison, publicationLabel(record.latest, words), words) }
      : null;
  const site = await makeSiteFiles(linked, loaded.source, 'site', siteDir, changes);
  warnings.push(...site.warnings.map((w) => `site: ${w}`));
  made.push(...site.files);

  step(`writing ${made.length} files to ${path.relative(process.cwd(), outDir) || '.'}`);
  try {
    for (const dir of new Set(made.map((m) => path.dirname(m.file)))) await mkdir(dir, { recursive: true });
    await replaceFiles(made, options.hooks);
  } catch (error) {
    throw error instanceof ReplaceFailure ? new UserError(`${error.message}; not published`) : error;
  }
  const written = made.map((m) => m.file);

  const outputs = written.map((f) => path.relative(root, f).split(path.sep).join('/'));
  const recordFile = await writePublicationRecord(root, singleFile, nextRecord(record, linked, loaded.source, comparison, outputs, now));
  written.push(recordFile);
  return { written, previous: record ? publicationLabel(record.latest) : null, summary, warnings };
}
