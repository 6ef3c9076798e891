/**
 * The workbench's side columns (Files on the left, the panels on the right): resized by dragging the splitter beside
 * each (or its arrow keys), collapsed and restored by its toolbar button, by a double click on the splitter, or by
 * dragging it nearly shut. Sizes and collapsed states are remembered in localStorage. Until the person sets a width,
 * each column takes a share of the window (styles.css), so the editor keeps most of a small window.
 */

const STORAGE_KEY = 'rulebook-studio.layout';
/** Narrower than this when dropped: collapsed instead (a column too narrow to read is no use). */
const COLLAPSE_BELOW = 96;
const MIN_WIDTH = 140;
/** The editor keeps at least this much of the window whatever the columns ask. */
const EDITOR_MIN = 320;
const KEY_STEP = 16;

export type Side = 'files' | 'panels';

interface ColumnState {
  /** Pixels, or null for the default share of the window. */
  width: number | null;
  collapsed: boolean;
}

type LayoutState = Record<Side, ColumnState>;

function load(): LayoutState {
  const fallback: LayoutState = { files: { width: null, collapsed: false }, panels: { width: null, collapsed: false } };
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<LayoutState> | null;
    for (const side of ['files', 'panels'] as const) {
      const column = stored?.[side];
      if (!column) continue;
      fallback[side] = { width: typeof column.width === 'number' && column.width >= MIN_WIDTH ? column.width : null, collapsed: column.collapsed === true };
    }
  } catch {
    // A damaged entry: the defaults.
  }
  return fallback;
}

export interface WorkbenchElements {
  readonly workbench: HTMLElement;
  readonly columns: Record<Side, HTMLElement>;
  readonly splitters: Record<Side, HTMLElement>;
  readonly toggles: Record<Side, HTMLButtonElement>;
}

export class WorkbenchLayout {
  private readonly state = load();

  constructor(private readonly elements: WorkbenchElements) {
    for (const side of ['files', 'panels'] as const) {
      this.bindSplitter(side);
      elements.toggles[side].addEventListener('click', () => this.toggle(side));
    }
    this.apply();
  }

  isCollapsed(side: Side): boolean {
    return this.state[side].collapsed;
  }

  toggle(side: Side, collapsed = !this.state[side].collapsed): void {
    this.state[side].collapsed = collapsed;
    this.apply();
    this.save();
  }

  /** Sets a column's width in pixels (clamped so the editor keeps its share); below the threshold, collapses it. */
  resize(side: Side, width: number): void {
    if (width < COLLAPSE_BELOW) {
      this.state[side].collapsed = true;
    } else {
      this.state[side] = { width: Math.round(Math.max(MIN_WIDTH, Math.min(width, this.maxWidth(side)))), collapsed: false };
    }
    this.apply();
  }

  private maxWidth(side: Side): number {
    const other: Side = side === 'files' ? 'panels' : 'files';
    const otherWidth = this.state[other].collapsed ? 0 : this.elements.columns[other].getBoundingClientRect().width;
    return Math.max(MIN_WIDTH, this.elements.workbench.getBoundingClientRect().width - otherWidth - EDITOR_MIN);
  }

  private apply(): void {
    const style = this.elements.workbench.style;
    for (const side of ['files', 'panels'] as const) {
      const { width, collapsed } = this.state[side];
      if (width === null) style.removeProperty(`--${side}-width`);
      else style.setProperty(`--${side}-width`, `${width}px`);
      this.elements.workbench.classList.toggle(`${side}-collapsed`, collapsed);
      this.elements.columns[side].hidden = collapsed;
      const toggle = this.elements.toggles[side];
      toggle.setAttribute('aria-pressed', String(!collapsed));
      toggle.title = `${collapsed ? 'Show' : 'Hide'} the ${side === 'files' ? 'file list' : 'panels'}`;
      const splitter = this.elements.splitters[side];
      splitter.setAttribute('aria-valuenow', String(collapsed ? 0 : Math.round(this.elements.columns[side].getBoundingClientRect().width)));
    }
  }

  private save(): void {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(this.state));
  }

  private bindSplitter(side: Side): void {
    const splitter = this.elements.splitters[side];
    const column = this.elements.columns[side];
    // Files grow to the right of their splitter's left, panels to the left of their splitter's right.
    const direction = side === 'files' ? 1 : -1;
    splitter.addEventListener('pointerdown', (down) => {
      if (down.button !== 0) return;
      down.preventDefault();
      splitter.setPointerCapture(down.pointerId);
      const startX = down.clientX;
      const startWidth = this.state[side].collapsed ? 0 : column.getBoundingClientRect().width;
      document.body.classList.add('resizing');
      const move = (event: PointerEvent) => this.resize(side, startWidth + direction * (event.clientX - startX));
      const up = () => {
        splitter.removeEventListener('pointermove', move);
        splitter.removeEventListener('pointerup', up);
        splitter.removeEventListener('pointercancel', up);
        document.body.classList.remove('resizing');
        this.save();
      };
      splitter.addEventListener('pointermove', move);
      splitter.addEventListener('pointerup', up);
      splitter.addEventListener('pointercancel', up);
    });
    splitter.addEventListener('dblclick', () => this.toggle(side));
    splitter.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
      if (event.key === 'Enter') this.toggle(side);
      else if (step) {
        const width = this.state[side].collapsed ? 0 : column.getBoundingClientRect().width;
        this.resize(side, Math.max(width + direction * step, this.state[side].collapsed ? MIN_WIDTH : 0));
        this.save();
      } else return;
      event.preventDefault();
    });
  }
}
