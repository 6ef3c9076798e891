/** What a side panel is, and what it may use: the core's results, a way to jump into the text, and the host bridge. */
import type { RulebookBridge } from '../../shared/ipc/contract.js';
import type { SourceRange } from '../../shared/model/types.js';
import type { Workspace } from '../app/workspace.js';
import type { CoreClient } from '../worker/client.js';

export interface PanelContext {
  readonly core: CoreClient;
  readonly api: RulebookBridge;
  readonly workspace: Workspace;
  /** Opens the file and selects the range. */
  readonly jump: (range: SourceRange) => void;
  readonly notify: (message: string, kind?: 'info' | 'error') => void;
  /** Offers what `rulebook init` would write for the open book (from an empty Skills panel). */
  readonly inferLayout?: () => void;
}

export interface Panel {
  readonly id: string;
  readonly title: string;
  readonly element: HTMLElement;
  /** Called when the panel becomes visible (panels do their work only while seen). */
  show(): void;
  hide(): void;
  /** A count shown on the panel's tab, or null. */
  badge?(): string | null;
}

/**
 * A panel's visibility and lazy rendering, the same for every panel: `invalidate()` renders now if the
 * panel is seen, else on the next `show()`; `panel()` makes the Panel whose `show` and `hide` they are.
 */
export class LazyPanelView {
  private seen = false;
  private stale = true;
  constructor(private readonly render: () => void) {}
  get visible(): boolean {
    return this.seen;
  }
  invalidate(): void {
    this.stale = true;
    if (this.seen) this.flush();
  }
  readonly show = (): void => {
    this.seen = true;
    this.flush();
  };
  readonly hide = (): void => {
    this.seen = false;
  };
  /** The Panel this view renders (with a panel's own members, such as its badge). */
  panel<Extra extends object>(id: string, title: string, element: HTMLElement, extra?: Extra): Panel & NoInfer<Extra> {
    return { id, title, element, show: this.show, hide: this.hide, ...(extra as Extra) };
  }

  private flush(): void {
    if (!this.stale) return;
    this.stale = false;
    this.render();
  }
}
