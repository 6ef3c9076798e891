/** Preview panel: the whole rulebook rendered and sanitised, with working cross links; external links open in the system browser. */
import { debounce, el } from '../ui/dom.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';
import { renderPreviewHtml } from './render-preview.js';

export function createPreviewPanel(ctx: PanelContext): Panel {
  const content = el('article', { class: 'preview' });
  const element = el('div', { class: 'panel-body preview-scroll' }, content);

  const lazy = new LazyPanelView(() => {
    const source = ctx.workspace.source();
    const names = ctx.core.lastSummary?.skills.map((s) => s.name) ?? [];
    const scroll = element.scrollTop;
    // Sanitised by rehype-sanitize in renderPreviewHtml: no script, no raw HTML, no images.
    content.innerHTML = renderPreviewHtml(source.files, names);
    element.scrollTop = scroll;
  });

  content.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest('a');
    if (!link) return;
    event.preventDefault();
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('#')) {
      const target = content.querySelector(`[id="${CSS.escape(href.slice(1))}"]`);
      if (target) {
        target.scrollIntoView({ block: 'start', behavior: 'smooth' });
        target.classList.add('flash');
        setTimeout(() => target.classList.remove('flash'), 1200);
      } else ctx.notify(`Nothing in the rulebook has the anchor ${href}.`, 'error');
      return;
    }
    if (/^(https?:|mailto:)/i.test(href)) void ctx.api.openExternal(href);
  });
  ctx.core.onSummary(debounce(() => lazy.invalidate(), 500));

  return {
    id: 'preview',
    title: 'Preview',
    element,
    show: lazy.show,
    hide: lazy.hide,
  };
}
