/**
 * What the window does when a person leaves a page with unsaved edits, by closing the window or by reloading it (the
 * View menu's Force Reload): ask Save All / Don't Save / Cancel, then save first, drop the edits, or stay. Electron-free
 * (the window, the dialog and the page are passed in), so the decisions are tested without Electron's binary.
 */

import type { MessageBoxSyncOptions } from 'electron';

export type LeaveWay = 'close' | 'reload';

/** The message box's options: Electron's own type (a type import only, so the module still loads without Electron). */
export type LeavePrompt = Required<Pick<MessageBoxSyncOptions, 'type' | 'buttons' | 'defaultId' | 'cancelId' | 'message' | 'detail'>>;

const SAVE = 0;
const DISCARD = 1;
const CANCEL = 2;

export function leavePrompt(way: LeaveWay, unsaved: readonly string[]): LeavePrompt {
  const what = unsaved.length === 1 ? unsaved[0] : `${unsaved.length} files`;
  return {
    type: 'warning',
    buttons: ['Save All', "Don't Save", 'Cancel'],
    defaultId: SAVE,
    cancelId: CANCEL,
    message: way === 'close' ? `Save your changes to ${what}?` : `Save your changes to ${what} before reloading?`,
    detail: way === 'close' ? "Your changes will be lost if you don't save them." : "Reloading loses your changes if you don't save them.",
  };
}

/** The window and its page, as the guard needs them. */
export interface LeaveHost {
  /** The files the page last reported as unsaved. */
  unsavedPaths(): readonly string[];
  /** Shows the prompt, modal: the index of the button pressed (Escape: cancelId). */
  ask(prompt: LeavePrompt): number;
  /** Tells the page to save every file, then call closeWindow() or reloadWindow() (LeaveGuard.proceed). */
  requestSaveAll(way: LeaveWay): void;
  close(): void;
  reload(): void;
  /**
   * Runs `then` once the page that held the edits is gone: the window closed, or the reloaded page in its place. The
   * old page may still be writing a recovery copy until then; dropped earlier, that copy would come back as a crash's.
   */
  whenGone(way: LeaveWay, then: () => void): void;
  /** "Don't Save": forgets the page's report of unsaved files and removes their recovery copies. */
  dropUnsaved(paths: readonly string[]): Promise<void>;
}

export class LeaveGuard {
  constructor(private readonly host: LeaveHost) {}

  /** The window's 'close' event: asks first when edits are unsaved, and prevents the close unless they may go. */
  onClose(event: { preventDefault(): void }): void {
    if (!this.mayLeave('close')) event.preventDefault();
  }

  /** Force Reload: reloads now, or once asked and answered Save (after saving) or Don't Save. */
  reload(): void {
    if (this.mayLeave('reload')) this.host.reload();
  }

  /** The page saved everything after Save All and asks to go on; it asks again if unsaved files remain. */
  proceed(way: LeaveWay): void {
    if (way === 'close') this.host.close();
    else this.reload();
  }

  /** True when the page may go now: nothing unsaved, or Don't Save. Save asks the page to save, then to proceed. */
  private mayLeave(way: LeaveWay): boolean {
    const unsaved = this.host.unsavedPaths();
    if (unsaved.length === 0) return true;
    const answer = this.host.ask(leavePrompt(way, unsaved));
    if (answer === SAVE) {
      this.host.requestSaveAll(way);
      return false;
    }
    if (answer !== DISCARD) return false;
    this.host.whenGone(way, () => void this.host.dropUnsaved(unsaved));
    return true;
  }
}
