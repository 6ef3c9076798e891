/**
 * The paged view: the real PDF pages of the chapter being edited, as `rulebook export --kind extract` prints them
 * (the host's printPreview, unsaved texts included), drawn with pdf.js. Made again after a pause in typing, or when
 * the cursor moves into another chapter; the pages shown stay until the new ones are drawn, and the view then opens at
 * the page that prints the heading, rule or skill at the cursor.
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import PdfWorker from 'pdfjs-dist/build/pdf.worker.min.mjs?worker';
import type { OutlineNode } from '../../shared/service/index.js';
import { clear, debounce, el, plural } from '../ui/dom.js';
import type { PanelContext } from './panel.js';
import type { EditorSync } from './editor-sync.js';

export interface PagedView {
  readonly element: HTMLElement;
  show(): void;
  hide(): void;
  /** The texts, the file shown or the cursor changed: the pages are made again after a pause, if they would differ. */
  changed(): void;
}

/** A pause in typing this long before the chapter is printed again (an extract takes the host a few hundred ms). */
const REFRESH_AFTER_MS = 900;

let worker: Worker | null = null;
/** One pdf.js worker for the page, made on first use (ES module worker, allowed by the CSP's worker-src 'self'). */
function pdfWorker(): Worker {
  worker ??= new PdfWorker();
  GlobalWorkerOptions.workerPort = worker;
  return worker;
}

/** The top-level outline entry the line is in: what decides whether the cursor moved to another chapter. */
function chapterKey(outline: readonly OutlineNode[], file: string, line: number): string {
  let key = `${file}:top`;
  for (const node of outline) {
    if (node.range.file === file && node.range.start.line <= line) key = `${file}:${node.range.start.line}`;
  }
  return key;
}

function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function createPagedView(ctx: PanelContext, sync: EditorSync): PagedView {
  const status = el('p', { class: 'muted paged-status', 'aria-live': 'polite' });
  const pages = el('div', { class: 'paged-pages' });
  const element = el('div', { class: 'paged-view' }, status, pages);
  let visible = false;
  let shownKey: string | null = null;
  let run = 0;

  const wanted = () => {
    const view = sync.view();
    const at = view ? { file: view.file, line: view.cursorLine } : null;
    const key = `${ctx.core.currentVersion}|${at ? chapterKey(ctx.core.openBookSummary?.outline ?? [], at.file, at.line) : '-'}`;
    return { at, key };
  };

  const refresh = async () => {
    if (!visible || !ctx.workspace.opened) return;
    const { at, key } = wanted();
    if (key === shownKey) return;
    const current = ++run;
    status.textContent = shownKey === null ? 'Printing the chapter…' : `${status.textContent?.replace(/ · updating…$/, '')} · updating…`;
    const answer = await ctx.api.printPreview({ at, unsaved: ctx.workspace.unsaved() });
    if (current !== run) return;
    if (!answer.ok) {
      status.className = 'error-text paged-status';
      status.textContent = answer.error.message;
      return;
    }
    pdfWorker();
    let pdf: PDFDocumentProxy | null = null;
    try {
      pdf = await getDocument({ data: bytesOf(answer.value.pdf), isEvalSupported: false }).promise;
      const drawn = await drawPages(pdf, pages.clientWidth || element.clientWidth);
      if (current !== run) return;
      clear(pages);
      pages.append(...drawn);
      shownKey = key;
      // Open at the page that prints the place being edited (its heading, rule or skill).
      const at = answer.value.cursorPage === null ? null : drawn[answer.value.cursorPage - 1];
      at?.classList.add('at-cursor');
      at?.scrollIntoView({ block: 'start' });
      status.className = 'muted paged-status';
      status.textContent = `${answer.value.chapter ?? 'The whole book'} · ${plural(answer.value.pages, 'page')} as printed (A4)`;
    } catch (error) {
      if (current === run) {
        status.className = 'error-text paged-status';
        status.textContent = `The pages could not be drawn: ${(error as Error).message}`;
      }
    } finally {
      void pdf?.destroy();
    }
  };
  const later = debounce(() => void refresh(), REFRESH_AFTER_MS);

  return {
    element,
    show() {
      visible = true;
      void refresh();
    },
    hide() {
      visible = false;
    },
    changed() {
      if (visible) later();
    },
  };
}

/** Every page as a canvas as wide as the panel (sharp on high-density screens), each labelled with its number. */
async function drawPages(pdf: PDFDocumentProxy, width: number): Promise<HTMLElement[]> {
  const out: HTMLElement[] = [];
  const ratio = window.devicePixelRatio || 1;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const natural = page.getViewport({ scale: 1 });
    const scale = Math.max(0.2, (width - 24) / natural.width);
    const viewport = page.getViewport({ scale: scale * ratio });
    const canvas = el('canvas', { class: 'paged-page', 'aria-label': `Page ${n}`, role: 'img' });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
    await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    page.cleanup();
    out.push(el('figure', { class: 'paged-figure', 'data-page': String(n) }, canvas, el('figcaption', { class: 'muted' }, `${n} / ${pdf.numPages}`)));
  }
  return out;
}
