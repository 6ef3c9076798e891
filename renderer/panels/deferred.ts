/**
 * A panel whose code loads the first time it is shown: its tab is there from the start, its module (and any
 * library only it uses, elkjs for the graph, the Markdown renderer for the preview) arrives by dynamic import(),
 * so none of it weighs on the app's first paint.
 */
import { el } from '../ui/dom.js';
import type { Panel } from './panel.js';

export interface DeferredPanel<P extends Panel> extends Panel {
  /** The panel once its module has loaded, else null. */
  readonly loaded: P | null;
  /** Loads the panel's module and creates the panel, once (again after a failed try). */
  load(): Promise<P>;
}

/**
 * Stands in for the panel `create` makes: a placeholder element until it exists, then the panel's own element
 * in the placeholder's place, with the attributes the shell gave the placeholder (`hidden`, `data-*`).
 */
export function deferredPanel<P extends Panel>(id: string, title: string, create: () => Promise<P>): DeferredPanel<P> {
  const message = el('p', { class: 'empty' }, `Loading ${title}…`);
  const placeholder = el('div', { class: 'panel-body', 'aria-busy': 'true' }, message);
  let panel: P | null = null;
  let loading: Promise<P> | null = null;
  let visible = false;

  const load = (): Promise<P> => {
    if (loading) return loading;
    message.className = 'empty';
    message.textContent = `Loading ${title}…`;
    placeholder.setAttribute('aria-busy', 'true');
    loading = create().then(
      (created) => {
        created.element.hidden = placeholder.hidden;
        Object.assign(created.element.dataset, placeholder.dataset);
        placeholder.replaceWith(created.element);
        panel = created;
        if (visible) created.show();
        return created;
      },
      (error: unknown) => {
        // A chunk that failed to arrive is asked for again the next time the panel is shown.
        loading = null;
        placeholder.removeAttribute('aria-busy');
        message.className = 'empty error-text';
        message.textContent = `The ${title} panel could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
        throw error;
      },
    );
    return loading;
  };

  return {
    id,
    title,
    get element() {
      return panel?.element ?? placeholder;
    },
    get loaded() {
      return panel;
    },
    load,
    show() {
      visible = true;
      if (panel) panel.show();
      else load().catch(() => undefined); // the placeholder says why
    },
    hide() {
      visible = false;
      panel?.hide();
    },
    badge: () => panel?.badge?.() ?? null,
  };
}
