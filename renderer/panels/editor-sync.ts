/** What the preview and its paged view need of the editor, given by the shell (renderer/main.ts), which owns it. */
export interface EditorSync {
  /** The file shown, the line at the top of the editor's view (with the fraction scrolled past), and the cursor's line. Lines are 1-based. */
  view(): { readonly file: string; readonly topLine: number; readonly cursorLine: number } | null;
  /** Called when the editor scrolls, shows another file, or its cursor moves. */
  onChange(listener: () => void): void;
  /** Scrolls the editor so that `line` (a fraction allowed) is at its top; only when the file is the one shown. */
  scrollTo(file: string, line: number): void;
  /** Shows the file with the cursor at the start of `line`, as a click on a problem does. */
  jumpTo(file: string, line: number): void;
}
