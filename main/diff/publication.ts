/**
 * The publication record kept in the rulebook folder: the texts of the last published edition (the
 * base of the next comparison), the list of earlier publications, and the numbers of rules deleted in
 * a publication (so `number-reused` can spot a new rule taking an old rule's number).
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { RulebookComparison } from '../../shared/diff/types.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { LintRuleConfig, RulebookSource } from '../../shared/model/types.js';
import { OutsideFolderError, UserError } from '../errors.js';
import { leadsOutside } from '../fs/inside.js';
import { describeFsError } from '../fs/load-rulebook.js';
import { ENGLISH, fill, type BookWords } from '../../shared/model/book-words.js';

export const PUBLICATION_FORMAT_VERSION = 1;

export interface PublishedVersion {
  readonly title: string | null;
  readonly edition: string | null;
  readonly date: string | null;
  /** ISO time of publishing. */
  readonly publishedAt: string;
  /** Rulebook-relative paths of the files written (PDFs, changelog). */
  readonly outputs: readonly string[];
}

export interface RetiredNumber {
  /** The number of a rule or heading a publication deleted ("201.3"). */
  readonly number: string;
  /** What it said, to show next to a reuse. */
  readonly text: string;
  /** The edition (or date) whose publication deleted it. */
  readonly edition: string | null;
}

export interface PublicationRecord {
  readonly format: 'rulebook-publication';
  readonly version: typeof PUBLICATION_FORMAT_VERSION;
  /** The last publication, with its texts. */
  readonly latest: PublishedVersion & { readonly source: RulebookSource };
  /** Every publication, oldest first (the latest included). */
  readonly history: readonly PublishedVersion[];
  readonly retired: readonly RetiredNumber[];
}

/** Where a rulebook keeps its record: `publication.json` in a folder rulebook, `<name>.publication.json` beside a one-file rulebook. */
export function recordPath(root: string, singleFile: string | null): string {
  return singleFile ? path.join(root, `${singleFile.replace(/\.[^.]+$/, '')}.publication.json`) : path.join(root, 'publication.json');
}

/**
 * The record is a file of the book: a symbolic link taking it out of the book's folder is refused, so that another
 * file of this machine is neither read as the record (nor quoted in a parse error) nor replaced by one.
 */
async function refuseLinkOut(root: string, file: string): Promise<void> {
  if (await leadsOutside(await realpath(root), file)) throw new OutsideFolderError(`${file}:`);
}

/** The record, or null when the rulebook was never published. A damaged record is a UserError naming the file. */
export async function readPublicationRecord(root: string, singleFile: string | null): Promise<PublicationRecord | null> {
  const file = recordPath(root, singleFile);
  await refuseLinkOut(root, file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UserError(`${file}: ${describeFsError(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${file}: not valid JSON (${(error as Error).message}); restore it from version control or delete it to start afresh`);
  }
  const record = data as Partial<PublicationRecord> | null;
  if (!record || record.format !== 'rulebook-publication' || !record.latest || !Array.isArray(record.latest.source?.files)) {
    throw new UserError(`${file}: not a publication record`);
  }
  if (record.version !== PUBLICATION_FORMAT_VERSION) throw new UserError(`${file}: record version ${String(record.version)} is not supported (expected ${PUBLICATION_FORMAT_VERSION})`);
  return { ...record, history: record.history ?? [], retired: record.retired ?? [] } as PublicationRecord;
}

/** The last publication's texts and a label, or null when there is none (the shape the app's Changes panel reads). */
export async function readLastPublication(
  root: string,
  singleFile: string | null,
): Promise<{ label: string; manifest: { path: string; text: string } | null; files: readonly { path: string; text: string }[] } | null> {
  const record = await readPublicationRecord(root, singleFile);
  if (!record) return null;
  return { label: publicationLabel(record.latest), manifest: record.latest.source.manifest ?? null, files: record.latest.source.files };
}

/** "edition 3, published 2026-11-29", in the book's words where players read it (`words`, English by default). */
export function publicationLabel(version: PublishedVersion, words: BookWords = ENGLISH): string {
  const name = version.edition ? fill(words.words.edition, { edition: version.edition }) : (version.date ?? words.words.changes.lastPublication);
  return fill(words.words.changes.published, { version: name, date: version.publishedAt.slice(0, 10) });
}

/**
 * The record after publishing `linked` (read from `source`): it becomes the latest, and every numbered
 * entry the comparison with the previous publication found removed, whose number is now free, is retired.
 */
export function nextRecord(
  previous: PublicationRecord | null,
  linked: LinkedRulebook,
  source: RulebookSource,
  comparison: RulebookComparison | null,
  outputs: readonly string[],
  now: Date,
): PublicationRecord {
  const config = linked.model.config;
  const version: PublishedVersion = { title: config.title, edition: config.edition, date: config.date, publishedAt: now.toISOString(), outputs };
  const retired = [...(previous?.retired ?? [])];
  const known = new Set(retired.map((r) => r.number));
  for (const change of comparison?.entries ?? []) {
    if (change.type !== 'removed' || change.old.key.includes(':')) continue;
    // A number the new edition already uses again is not free: number-reused reports that case at lint time.
    if (linked.entriesByNumber.has(change.old.key) || known.has(change.old.key)) continue;
    known.add(change.old.key);
    retired.push({ number: change.old.key, text: change.old.text, edition: version.edition ?? version.date ?? version.publishedAt.slice(0, 10) });
  }
  return {
    format: 'rulebook-publication',
    version: PUBLICATION_FORMAT_VERSION,
    latest: { ...version, source: { manifest: source.manifest ?? null, files: source.files.map((f) => ({ path: f.path, text: f.text })) } },
    history: [...(previous?.history ?? []), version],
    retired,
  };
}

export async function writePublicationRecord(root: string, singleFile: string | null, record: PublicationRecord): Promise<string> {
  const file = recordPath(root, singleFile);
  await refuseLinkOut(root, file);
  try {
    await writeFileAtomically(file, `${JSON.stringify(record, null, 1)}\n`);
  } catch (error) {
    throw new UserError(`${file}: ${describeFsError(error)}`);
  }
  return file;
}

/** Lint settings that hand the retired numbers to `number-reused` (merged on top of the rulebook's own). */
export function retiredNumbersLintOptions(record: PublicationRecord | null): Record<string, LintRuleConfig> {
  if (!record || !record.retired.length) return {};
  return { 'number-reused': { retired: record.retired.map((r) => ({ number: r.number, text: r.text, edition: r.edition })) } };
}
