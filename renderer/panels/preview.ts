/**
 * Preview panel: the whole rulebook rendered and sanitised, with working cross links (external links open in the
 * system browser). It follows the editor: scrolling either one scrolls the other to the same place of the file shown,
 * and a click on a paragraph puts the editor's cursor there. "Pages" switches to the paged view (paged.ts): the
 * chapter being edited as it will print.
 */
import { readableSource } from '../../shared/parse/mdx.js';
import { debounce, el } from '../ui/dom.js';
import type { EditorSync } from './editor-sync.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';
import type { PagedView } from './paged.js';
import { renderPreviewHtml } from './render-preview.js';

interface Block {
  readonly line: number;
  readonly top: number;
}

export function createPreviewPanel(ctx: PanelContext, sync: EditorSync): Panel {
  const content = el('article', { class: 'preview' });
  const scroller = el('div', { class: 'preview-scroll' }, content);
  const flowButton = el('button', { class: 'active', 'aria-pressed': 'true', 'data-preview-mode': 'flow' }, 'Text');
  const pagesButton = el('button', { 'aria-pressed': 'false', 'data-preview-mode': 'pages', title: 'The chapter being edited as it will print' }, 'Pages');
  const pagedHost = el('div', { class: 'paged-host', hidden: '' });
  const element = el('div', { class: 'panel-body preview-panel' },
    el('div', { class: 'panel-toolbar' }, el('div', { class: 'segmented', role: 'group', 'aria-label': 'Preview mode' }, flowButton, pagesButton)),
    scroller, pagedHost,
  );
  let mode: 'flow' | 'pages' = 'flow';
  let paged: PagedView | null = null;

  const lazy = new LazyPanelView(() => {
    // As the book is read: an .mdx page's code is not shown as its text.
    const source = readableSource(ctx.workspace.source());
    const names = ctx.core.openBookSummary?.skills.map((s) => s.name) ?? [];
    // Sanitised by rehype-sanitize in renderPreviewHtml: no script, no raw HTML, no images.
    content.innerHTML = renderPreviewHtml(source.files, names);
    followEditor();
  });

  /** The blocks of a file's section that know their source line, top to bottom, with their offset in the scroller. */
  const blocksOf = (file: string): Block[] => {
    const section = [...content.querySelectorAll<HTMLElement>('section.preview-file')].find((s) => s.dataset.file === file);
    if (!section) return [];
    const origin = scroller.getBoundingClientRect().top - scroller.scrollTop;
    return [...section.querySelectorAll<HTMLElement>('[data-line]')].map((b) => ({ line: Number(b.dataset.line), top: b.getBoundingClientRect().top - origin }));
  };

  // Each side's scrolling moves the other; the echo of a scroll we caused is not sent back.
  let echo: 'editor' | 'preview' | null = null;
  const quiet = (side: 'editor' | 'preview') => {
    echo = side;
    requestAnimationFrame(() => requestAnimationFrame(() => (echo = echo === side ? null : echo)));
  };

  /** Editor → preview: the block at the editor's top line at the preview's top, in between two blocks by proportion. */
  function followEditor(): void {
    if (!lazy.visible || mode !== 'flow' || echo === 'editor') return;
    const view = sync.view();
    if (!view) return;
    const blocks = blocksOf(view.file);
    if (blocks.length === 0) return;
    let i = blocks.findLastIndex((b) => b.line <= view.topLine);
    let top: number;
    if (i === -1) top = blocks[0].top * Math.max(0, (view.topLine - 1) / Math.max(1, blocks[0].line - 1));
    else {
      const next = blocks[i + 1];
      top = next ? blocks[i].top + ((view.topLine - blocks[i].line) / (next.line - blocks[i].line)) * (next.top - blocks[i].top) : blocks[i].top;
    }
    quiet('preview');
    scroller.scrollTop = Math.round(top);
  }

  /** Preview → editor: the line of the block at the preview's top, in between two blocks by proportion. */
  const followPreview = () => {
    if (mode !== 'flow' || echo === 'preview') return;
    const view = sync.view();
    if (!view) return;
    const blocks = blocksOf(view.file);
    if (blocks.length === 0) return;
    const at = scroller.scrollTop;
    const i = blocks.findLastIndex((b) => b.top <= at + 1);
    let line: number;
    if (i === -1) line = 1 + (at / Math.max(1, blocks[0].top)) * (blocks[0].line - 1);
    else {
      const next = blocks[i + 1];
      line = next && next.top > blocks[i].top ? blocks[i].line + ((at - blocks[i].top) / (next.top - blocks[i].top)) * (next.line - blocks[i].line) : blocks[i].line;
    }
    quiet('editor');
    sync.scrollTo(view.file, line);
  };
  scroller.addEventListener('scroll', followPreview, { passive: true });
  sync.onChange(() => {
    followEditor();
    paged?.changed();
  });

  content.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const link = target.closest('a');
    if (!link) {
      // A click on the text puts the editor there (not on a selection being made).
      const block = target.closest<HTMLElement>('[data-line]');
      const file = target.closest<HTMLElement>('section.preview-file')?.dataset.file;
      if (block && file && !window.getSelection()?.toString()) sync.jumpTo(file, Number(block.dataset.line));
      return;
    }
    event.preventDefault();
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('#')) {
      const found = content.querySelector(`[id="${CSS.escape(href.slice(1))}"]`);
      if (found) {
        found.scrollIntoView({ block: 'start', behavior: 'smooth' });
        found.classList.add('flash');
        setTimeout(() => found.classList.remove('flash'), 1200);
      } else ctx.notify(`Nothing in the rulebook has the anchor ${href}.`, 'error');
      return;
    }
    if (/^(https?:|mailto:)/i.test(href)) void ctx.api.openExternal(href);
  });
  ctx.core.onSummary(debounce(() => {
    lazy.invalidate();
    paged?.changed();
  }, 500));

  const setMode = async (next: 'flow' | 'pages') => {
    mode = next;
    for (const [button, value] of [[flowButton, 'flow'], [pagesButton, 'pages']] as const) {
      button.classList.toggle('active', mode === value);
      button.setAttribute('aria-pressed', String(mode === value));
    }
    scroller.hidden = mode !== 'flow';
    pagedHost.hidden = mode !== 'pages';
    if (mode === 'flow') {
      paged?.hide();
      followEditor();
      return;
    }
    // pdf.js is large: it loads the first time the pages are asked for.
    if (!paged) {
      pagedHost.textContent = 'Loading the paged view…';
      const { createPagedView } = await import('./paged.js');
      paged ??= createPagedView(ctx, sync);
      pagedHost.replaceChildren(paged.element);
    }
    if (mode === 'pages' && lazy.visible) paged.show();
  };
  flowButton.addEventListener('click', () => void setMode('flow'));
  pagesButton.addEventListener('click', () => void setMode('pages'));

  return {
    id: 'preview',
    title: 'Preview',
    element,
    show: () => {
      lazy.show();
      followEditor();
      if (mode === 'pages') paged?.show();
    },
    hide: () => {
      lazy.hide();
      paged?.hide();
    },
  };
}
