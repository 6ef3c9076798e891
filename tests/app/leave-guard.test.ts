/**
 * The Electron window's question before closing or reloading with unsaved edits (main/electron/leave-guard.ts), with
 * the window, the dialog and the page stood in for: Electron's binary does not run in tests.
 */
import { describe, expect, it } from 'vitest';
import { LeaveGuard, leavePrompt, type LeaveHost, type LeavePrompt, type LeaveWay } from '../../main/electron/leave-guard.js';

type Answer = 'Save All' | "Don't Save" | 'Cancel' | 'Escape';

/** A window whose page reports `unsaved`, and whose dialog answers what the test says next. */
function fakeWindow(unsaved: string[]) {
  const events: string[] = [];
  const gone: (() => void)[] = [];
  const answers: Answer[] = [];
  const prompts: LeavePrompt[] = [];
  const host: LeaveHost = {
    unsavedPaths: () => unsaved,
    ask: (prompt) => {
      prompts.push(prompt);
      const answer = answers.shift();
      if (!answer) throw new Error('asked with no answer ready');
      events.push(`asked: ${answer}`);
      return answer === 'Escape' ? prompt.cancelId : prompt.buttons.indexOf(answer);
    },
    requestSaveAll: (way: LeaveWay) => void events.push(`save all, then ${way}`),
    close: () => void events.push('close'),
    reload: () => void events.push('reload'),
    whenGone: (_way, then) => void gone.push(then),
    dropUnsaved: async (paths) => void events.push(`dropped ${paths.join(', ')}`),
  };
  const guard = new LeaveGuard(host);
  /** Electron's 'close' event: true when the window may close. */
  const close = () => {
    let prevented = false;
    guard.onClose({ preventDefault: () => (prevented = true) });
    return !prevented;
  };
  /** The old page is gone: the window closed, or the reloaded page took its place. */
  const pageGone = () => gone.splice(0).forEach((then) => then());
  return { guard, events, answers, prompts, close, pageGone, setUnsaved: (paths: string[]) => unsaved.splice(0, unsaved.length, ...paths) };
}

describe('closing the window', () => {
  it('closes without asking when nothing is unsaved', () => {
    const w = fakeWindow([]);
    expect(w.close()).toBe(true);
    expect(w.events).toEqual([]);
  });

  it('Cancel (or Escape) keeps the window and the edits', () => {
    const w = fakeWindow(['rules.md']);
    w.answers.push('Cancel', 'Escape');
    expect(w.close()).toBe(false);
    expect(w.close()).toBe(false);
    w.pageGone();
    expect(w.events).toEqual(['asked: Cancel', 'asked: Escape']);
  });

  it('Save All keeps the window until the page has saved, then closes without asking again', () => {
    const w = fakeWindow(['rules.md', 'combat.md']);
    w.answers.push('Save All');
    expect(w.close()).toBe(false);
    expect(w.events).toEqual(['asked: Save All', 'save all, then close']);
    w.setUnsaved([]);
    w.guard.proceed('close');
    expect(w.close()).toBe(true);
    expect(w.events).toEqual(['asked: Save All', 'save all, then close', 'close']);
  });

  it('Don\'t Save closes and drops the recovery copies only once the page is gone', () => {
    const w = fakeWindow(['rules.md']);
    w.answers.push("Don't Save");
    expect(w.close()).toBe(true);
    expect(w.events).toEqual(["asked: Don't Save"]);
    w.pageGone();
    expect(w.events).toEqual(["asked: Don't Save", 'dropped rules.md']);
  });

  it('asks in the usual words', () => {
    expect(leavePrompt('close', ['rules.md'])).toMatchObject({ buttons: ['Save All', "Don't Save", 'Cancel'], defaultId: 0, cancelId: 2, message: 'Save your changes to rules.md?' });
    expect(leavePrompt('close', ['a.md', 'b.md']).message).toBe('Save your changes to 2 files?');
  });
});

describe('Force Reload', () => {
  it('reloads at once when nothing is unsaved', () => {
    const w = fakeWindow([]);
    w.guard.reload();
    expect(w.events).toEqual(['reload']);
  });

  it('asks first; Cancel keeps the page and its edits', () => {
    const w = fakeWindow(['rules.md']);
    w.answers.push('Cancel');
    w.guard.reload();
    w.pageGone();
    expect(w.events).toEqual(['asked: Cancel']);
    expect(w.prompts[0]).toMatchObject({ buttons: ['Save All', "Don't Save", 'Cancel'], message: 'Save your changes to rules.md before reloading?' });
  });

  it('Save All saves first, then reloads when the page asks; asks again if an edit is still unsaved', () => {
    const w = fakeWindow(['rules.md']);
    w.answers.push('Save All');
    w.guard.reload();
    expect(w.events).toEqual(['asked: Save All', 'save all, then reload']);
    // One file could not be saved (a conflict): the page asks to go on anyway only if it saved; if it does, ask again.
    w.answers.push('Cancel');
    w.guard.proceed('reload');
    expect(w.events).toEqual(['asked: Save All', 'save all, then reload', 'asked: Cancel']);
    w.setUnsaved([]);
    w.guard.proceed('reload');
    expect(w.events.at(-1)).toBe('reload');
  });

  it('Don\'t Save reloads, and drops the edits\' recovery copies once the new page has replaced the old', () => {
    const w = fakeWindow(['rules.md', 'characters/ada.yaml']);
    w.answers.push("Don't Save");
    w.guard.reload();
    expect(w.events).toEqual(["asked: Don't Save", 'reload']);
    w.pageGone();
    expect(w.events).toEqual(["asked: Don't Save", 'reload', 'dropped rules.md, characters/ada.yaml']);
  });
});
