/**
 * The side panels' tab strip, always one row: the tabs that fit are shown in order, the rest go into a "More ▾" menu at
 * the end (the active panel's tab is always in the row), as editors' tab strips do. What fits is measured from the
 * tabs' real widths whenever the strip's width changes (a ResizeObserver: a dragged splitter, the window, a collapsed
 * side) or a tab's label does (a badge). Keyboard: the strip is a tablist (Left/Right/Home/End move between its tabs
 * and the More button), the menu a menu (Up/Down/Home/End, Enter or Space to open a panel, Escape to close).
 */
import type { Panel } from '../panels/panel.js';
import { clear, el } from '../ui/dom.js';

export interface PanelTabsOptions {
  /** The strip (role=tablist). */
  readonly host: HTMLElement;
  readonly panels: readonly Panel[];
  readonly active: () => Panel;
  /** Shows the panel (and calls render again). */
  readonly show: (id: string) => void;
  /** Whether the panel's badge counts errors (drawn red). */
  readonly alarming: (panel: Panel) => boolean;
}

/** Horizontal room kept free at the strip's end so a tab never touches it (and a rounding never wraps one). */
const SLACK_PX = 2;

export class PanelTabs {
  private readonly tabs = new Map<string, HTMLButtonElement>();
  private readonly more: HTMLButtonElement;
  private menu: HTMLElement | null = null;
  /** Panels whose tabs did not fit, in order. */
  private overflow: Panel[] = [];
  /** What the last layout was computed from: the strip's width and every label; equal means nothing to measure. */
  private laidOut = '';

  constructor(private readonly options: PanelTabsOptions) {
    const { host, panels } = options;
    clear(host);
    host.setAttribute('role', 'tablist');
    host.setAttribute('aria-label', 'Panels');
    for (const panel of panels) {
      const tab = el('button', { class: 'panel-tab', role: 'tab', id: `panel-tab-${panel.id}`, 'data-panel-tab': panel.id, onclick: () => options.show(panel.id) });
      this.tabs.set(panel.id, tab);
      host.appendChild(tab);
    }
    this.more = el('button', { class: 'panel-tab panel-more', 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'data-action': 'more-panels', title: 'More panels', onclick: () => (this.menu ? this.closeMenu() : this.openMenu()) });
    host.appendChild(this.more);
    // Labelled before the first measurement: an empty button would be counted 30 px too narrow.
    this.drawMore();
    host.addEventListener('keydown', (event) => this.onStripKey(event));
    new ResizeObserver(() => this.layout()).observe(host);
    // A font arriving late changes every width without changing a label: measured again.
    document.fonts?.addEventListener('loadingdone', () => {
      this.laidOut = '';
      this.layout();
    });
  }

  /** Draws the tabs' labels, badges and selection, then fits them into one row. */
  render(): void {
    const active = this.options.active();
    for (const panel of this.options.panels) {
      const tab = this.tabs.get(panel.id)!;
      const selected = panel === active;
      tab.classList.toggle('active', selected);
      tab.setAttribute('aria-selected', String(selected));
      // Only the selected tab is in the page's Tab order; arrows move between the others (a roving tabindex).
      tab.tabIndex = selected ? 0 : -1;
      const badge = panel.badge?.() ?? null;
      const label = this.label(panel, badge);
      if (tab.dataset.label !== label) {
        tab.dataset.label = label;
        clear(tab);
        tab.append(panel.title);
        if (badge) tab.appendChild(el('span', { class: `badge${this.options.alarming(panel) ? ' error' : ''}` }, badge));
      }
    }
    this.layout();
    // A badge changed in a menu that stays open.
    if (this.menu) this.fillMenu();
  }

  private label(panel: Panel, badge: string | null): string {
    return `${panel.title}\u0000${badge ?? ''}\u0000${badge && this.options.alarming(panel) ? 'error' : ''}`;
  }

  /**
   * Which tabs fit: every tab is laid out in the row and measured, then, in order, as many as fit beside the More
   * button, the active one always among them (at the end of the row when it comes later). Measured again only when
   * the width, a label or the active panel changed.
   */
  private layout(): void {
    const { host, panels } = this.options;
    const active = this.options.active();
    const width = host.clientWidth;
    const key = `${width}\n${active.id}\n${panels.map((p) => this.tabs.get(p.id)!.dataset.label).join('\n')}`;
    if (key === this.laidOut) return;
    // A strip not laid out (a collapsed side) has no width to measure: it is measured once it has one.
    if (width === 0) return;
    this.laidOut = key;
    for (const tab of this.tabs.values()) tab.hidden = false;
    this.more.hidden = false;
    const style = getComputedStyle(host);
    const room = width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - SLACK_PX;
    const gap = parseFloat(style.columnGap) || 0;
    const widthOf = (element: HTMLElement) => element.getBoundingClientRect().width + gap;
    const widths = new Map(panels.map((p) => [p.id, widthOf(this.tabs.get(p.id)!)]));
    const all = panels.reduce((sum, p) => sum + widths.get(p.id)!, 0);
    let shown: Panel[];
    if (all - gap <= room) shown = [...panels];
    else {
      let left = room - widthOf(this.more) - widths.get(active.id)!;
      shown = [];
      for (const panel of panels) {
        if (panel === active) continue;
        if (widths.get(panel.id)! > left) break;
        left -= widths.get(panel.id)!;
        shown.push(panel);
      }
      const at = panels.indexOf(active);
      const before = shown.filter((p) => panels.indexOf(p) < at);
      shown = [...before, active, ...shown.slice(before.length)];
    }
    this.overflow = panels.filter((p) => !shown.includes(p));
    // A late active tab is drawn right before More by CSS order, not moved in the page: moving it would take the focus
    // from it just as a key or a click selected it.
    shown.forEach((panel, index) => (this.tabs.get(panel.id)!.style.order = String(index)));
    this.more.style.order = String(shown.length);
    for (const panel of this.overflow) this.tabs.get(panel.id)!.hidden = true;
    this.more.hidden = this.overflow.length === 0;
    this.drawMore();
    if (this.overflow.length === 0) this.closeMenu();
    else if (this.menu) {
      // Open while the column was resized or a badge changed: it lists what is hidden now, under More where it is now.
      this.fillMenu();
      this.placeMenu();
    }
  }

  /** "More ▾", with a count of what it holds, red when a hidden panel's badge counts errors. */
  private drawMore(): void {
    const alarming = this.overflow.some((p) => this.options.alarming(p) && p.badge?.());
    clear(this.more);
    this.more.append('More');
    this.more.appendChild(el('span', { class: 'panel-more-caret', 'aria-hidden': 'true' }, '▾'));
    if (alarming) this.more.appendChild(el('span', { class: 'panel-more-dot', title: 'A panel in this menu has errors' }));
    this.more.setAttribute('aria-label', `More panels: ${this.overflow.map((p) => p.title).join(', ')}`);
  }

  // ---- The strip's keys ----------------------------------------------------------------------

  /** The row's buttons as drawn, left to right. */
  private focusables(): HTMLButtonElement[] {
    return [...this.options.host.querySelectorAll<HTMLButtonElement>('button')].filter((b) => !b.hidden).sort((a, b) => Number(a.style.order) - Number(b.style.order));
  }

  private onStripKey(event: KeyboardEvent): void {
    const items = this.focusables();
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (at + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (items[at] === this.more && (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      this.openMenu();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    items[next].focus();
  }

  // ---- The More menu -------------------------------------------------------------------------

  private openMenu(): void {
    if (this.overflow.length === 0) return;
    this.closeMenu();
    const menu = el('div', { class: 'panel-more-menu', role: 'menu', 'aria-label': 'More panels', 'data-role': 'more-panels-menu' });
    this.menu = menu;
    this.fillMenu();
    menu.addEventListener('keydown', (event) => this.onMenuKey(event));
    menu.addEventListener('focusout', (event) => {
      // Focus leaving for elsewhere in the page (Tab, a click outside) closes the menu.
      const to = event.relatedTarget as Node | null;
      if (to && !menu.contains(to) && to !== this.more) this.closeMenu();
    });
    document.body.appendChild(menu);
    this.placeMenu();
    this.more.setAttribute('aria-expanded', 'true');
    document.addEventListener('pointerdown', this.onOutside, true);
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }

  /** Under the More button, its right edge on the button's (the strip ends at the window's right). */
  private placeMenu(): void {
    if (!this.menu) return;
    const below = this.more.getBoundingClientRect();
    this.menu.style.top = `${below.bottom + 2}px`;
    this.menu.style.right = `${Math.max(4, document.documentElement.clientWidth - below.right)}px`;
  }

  private fillMenu(): void {
    const menu = this.menu;
    if (!menu) return;
    const focused = (document.activeElement as HTMLElement | null)?.dataset.panelItem;
    clear(menu);
    for (const panel of this.overflow) {
      const badge = panel.badge?.() ?? null;
      menu.appendChild(el('button', { class: 'panel-more-item', role: 'menuitem', tabindex: -1, 'data-panel-item': panel.id, onclick: () => this.choose(panel.id) },
        el('span', {}, panel.title),
        badge ? el('span', { class: `badge${this.options.alarming(panel) ? ' error' : ''}` }, badge) : null));
    }
    if (focused) menu.querySelector<HTMLElement>(`[data-panel-item="${focused}"]`)?.focus();
  }

  private readonly onOutside = (event: PointerEvent): void => {
    const target = event.target as Node;
    if (this.menu?.contains(target) || this.more.contains(target)) return;
    this.closeMenu();
  };

  private onMenuKey(event: KeyboardEvent): void {
    const items = [...this.menu!.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (at + 1) % items.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      this.closeMenu();
      this.more.focus();
      return;
    } else if (event.key === 'Tab') {
      this.closeMenu();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  }

  private choose(id: string): void {
    this.closeMenu();
    this.options.show(id);
    // The chosen panel's tab is in the row now: the focus goes there, as after a click on a tab.
    this.tabs.get(id)?.focus();
  }

  private closeMenu(): void {
    if (!this.menu) return;
    this.menu.remove();
    this.menu = null;
    this.more.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', this.onOutside, true);
  }
}
