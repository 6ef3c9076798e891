/**
 * The paged view's PDF: the chapter at the editor's cursor, printed exactly as `rulebook export --kind extract`
 * prints it (main/publish, from the files on disk with the editor's unsaved texts laid over), handed back in memory
 * so nothing is written into the rulebook's folder on every pause in typing.
 */
import type { PrintPreview, PrintPreviewRequest } from '../../shared/ipc/contract.js';
import { analyse } from '../../shared/analyse/index.js';
import type { Section } from '../../shared/model/types.js';
import { chaptersOf, ruleAnchor, sectionAnchor, skillAnchor } from '../../shared/publish/content.js';
import type { PlanSummary } from '../../shared/publish/types.js';
import type { LinkedRulebook } from '../../shared/link/index.js';
import { buildPdf, type ExportOptions } from '../publish/index.js';
import { ApiFailure } from './errors.js';
import { sourceWithUnsaved } from './export.js';

/** The chapter a place is in: the last one starting at or before it, in reading order (files, then lines). */
export function chapterAt(chapters: readonly Section[], fileOrder: readonly string[], at: PrintPreviewRequest['at']): Section | null {
  if (chapters.length === 0) return null;
  if (!at) return chapters[0];
  const rank = (file: string, line: number) => [fileOrder.indexOf(file), line] as const;
  const [atFile, atLine] = rank(at.file, at.line);
  let found: Section | null = null;
  for (const chapter of chapters) {
    const [file, line] = rank(chapter.range.file, chapter.range.start.line);
    if (file < atFile || (file === atFile && line <= atLine)) found = chapter;
  }
  // Above the first chapter (a title page, front matter): the first chapter is what prints next.
  return found ?? chapters[0];
}

/** The printed page of the last heading, rule or skill at or above the place: where the paged view opens. */
export function pageAt(linked: LinkedRulebook, plan: PlanSummary, at: PrintPreviewRequest['at']): number | null {
  if (!at) return null;
  const { sections, rules, skills } = linked.model;
  const candidates = [
    ...sections.map((s) => [s.range, sectionAnchor(s)] as const),
    ...rules.map((r) => [r.range, ruleAnchor(r)] as const),
    ...skills.map((k) => [k.range, skillAnchor(k)] as const),
  ];
  let best: { line: number; page: number } | null = null;
  for (const [range, anchor] of candidates) {
    if (range.file !== at.file || range.start.line > at.line || (best && range.start.line <= best.line)) continue;
    const place = plan.anchors.get(anchor);
    if (place) best = { line: range.start.line, page: place.page };
  }
  return best?.page ?? null;
}

export async function printPreview(target: string, request: PrintPreviewRequest): Promise<PrintPreview> {
  const source = await sourceWithUnsaved(target, request.unsaved);
  const { linked } = analyse(source);
  const chapters = chaptersOf(linked);
  const chapter = chapterAt(chapters, source.files.map((f) => f.path), request.at);
  // Named as --chapters names it: its number when it has one (titles may repeat), else its title.
  const options = chapter
    ? ({ kind: 'extract', paper: 'a4', source, chapters: [chapter.number?.key ?? chapter.title] } as ExportOptions)
    : ({ kind: 'book', paper: 'a4', source } as ExportOptions);
  try {
    const { pdf, plan } = await buildPdf(linked, options);
    return { pdf: pdf.toString('base64'), pages: plan.pageCount, chapter: chapter ? chapter.title : null, cursorPage: pageAt(linked, plan, request.at) };
  } catch (error) {
    throw new ApiFailure('failed', `The paged view could not be made: ${(error as Error).message}`);
  }
}
