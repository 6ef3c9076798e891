/** Non-blocking notices above the editor: one per id, a message or richer content, and a row of buttons. */
import { el } from './dom.js';

export interface BannerAction {
  readonly label: string;
  readonly primary?: boolean;
  /**
   * Without `busyLabel` the banner closes as the button is pressed. With it, the banner stays while `run` works (its
   * buttons disabled, this one saying `busyLabel`), closes when `run` finishes, and stays when `run` returns false.
   */
  readonly busyLabel?: string;
  readonly run: () => void | boolean | Promise<void | boolean>;
}

export interface BannerOptions {
  /** An extra class for content that needs its own layout. */
  readonly className?: string;
  /**
   * A headline on the buttons' row, with the body below it: a banner with a preview keeps its buttons at the top, in
   * view, while the preview scrolls.
   */
  readonly header?: readonly Node[];
}

function find(host: ParentNode, id: string): HTMLElement | null {
  return host.querySelector(`[data-banner="${CSS.escape(id)}"]`);
}

/** Shows a banner in `host`, replacing the one with the same id. */
export function showBanner(host: HTMLElement, id: string, body: string | readonly Node[], actions: readonly BannerAction[], options: BannerOptions = {}): HTMLElement {
  const node = el('div', { class: `banner${options.className ? ` ${options.className}` : ''}`, role: 'status', 'data-banner': id });
  const content = typeof body === 'string' ? [el('p', {}, body)] : body;
  const bodyNode = el('div', { class: 'banner-body' }, ...content);
  const buttons = el('div', { class: 'actions' });
  const all: HTMLButtonElement[] = [];
  for (const action of actions) {
    const button = el('button', { class: action.primary ? 'primary' : '', 'data-banner-action': action.label, onclick: async () => {
      if (!action.busyLabel) {
        node.remove();
        await action.run();
        return;
      }
      for (const b of all) b.disabled = true;
      button.textContent = action.busyLabel;
      // A failure that throws keeps the banner, so the person can try again.
      let keep = true;
      try {
        keep = (await action.run()) === false;
      } finally {
        if (keep) {
          for (const b of all) b.disabled = false;
          button.textContent = action.label;
        } else node.remove();
      }
    } }, action.label);
    all.push(button);
    buttons.appendChild(button);
  }
  if (options.header?.length) node.append(el('div', { class: 'banner-top' }, el('div', { class: 'banner-head' }, ...options.header), buttons), bodyNode);
  else node.append(bodyNode, buttons);
  const old = find(host, id);
  if (old) old.replaceWith(node);
  else host.appendChild(node);
  return node;
}

export function closeBanner(host: ParentNode, id: string): void {
  find(host, id)?.remove();
}
