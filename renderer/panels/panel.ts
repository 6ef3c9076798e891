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

/** Runs `render` now if the panel is visible, else the next time it is shown. */
export class LazyRender {
  private stale = true;
  constructor(private readonly isVisible: () => boolean, private readonly render: () => void) {}
  invalidate(): void {
    this.stale = true;
    if (this.isVisible()) this.flush();
  }
  flush(): void {
    if (!this.stale) return;
    this.stale = false;
    this.render();
  }
}
