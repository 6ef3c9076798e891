/**
 * A tab left alone long enough (a laptop asleep over lunch) finds that the browser host closed its session
 * (main/host/sessions.ts): the host answers its next call `session-ended` and does nothing. The transport has by then
 * moved the page to a new session made from the ended one, which the host opens on the same book
 * (renderer/page-session.ts). Here every call so refused waits until the page has checked that the host holds this
 * tab's book again (`reopen`: the Workspace's), then goes again: a save after a long pause simply saves, its version
 * check intact. When the book cannot be had again (moved, renamed), the marshal is told so in a banner with Reopen,
 * the calls about the book answer `session-ended` in plain words without being sent, and the unsaved text stays in
 * the editor: nothing here ever touches it.
 */
import { API_METHODS, fail, type ApiMethod, type Result, type RulebookApi, type RulebookBridge } from '../../shared/ipc/contract.js';
import type { BannerAction } from '../ui/banners.js';

export const SESSION_ENDED_BANNER = 'session-ended';

/** Calls that need no book, or open one: they go through while the tab's book is not had again. */
const WITHOUT_BOOK: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['hostInfo', 'listSamples', 'recentRulebooks', 'forgetRecent', 'openExternal', 'chooseImportFile', 'convertImportFile', 'closeWindow', 'reloadWindow', 'openRulebook', 'openRulebookDialog', 'openSample', 'createRulebook']);
/** Calls that, answered with a book, leave the ended session's book behind: the page now shows the one they opened. */
const OPENS_BOOK: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['openRulebook', 'openRulebookDialog', 'openSample', 'createRulebook']);

export interface SessionHooks {
  /**
   * Has the host, under the page's current session, hold the book this tab shows, and catches up with what happened
   * to it meanwhile: null when it does (or the tab shows none), else why not, in words for the marshal.
   */
  readonly reopen: (host: RulebookApi) => Promise<string | null>;
  readonly banner: (id: string, message: string, actions: readonly BannerAction[]) => void;
  readonly closeBanner: (id: string) => void;
  readonly notify: (message: string, kind?: 'info' | 'error') => void;
}

/** The bridge the whole page calls, over the host's own. */
export function keepSession(host: RulebookBridge, hooks: SessionHooks): RulebookBridge {
  let resuming: Promise<string | null> | null = null;
  /** Why the tab's book could not be had again, until it is (or another book is opened); null: all is well. */
  let lost: string | null = null;

  const resume = (): Promise<string | null> => {
    resuming ??= (async () => {
      const why = await hooks.reopen(host);
      if (why === null) {
        if (lost !== null) hooks.closeBanner(SESSION_ENDED_BANNER);
      } else {
        hooks.banner(SESSION_ENDED_BANNER, `${why}. Your unsaved edits are kept in this tab: nothing was saved or lost. Reopen the rulebook to save them.`, [
          { label: 'Reopen', primary: true, busyLabel: 'Reopening…', run: async () => {
            const again = await resume();
            if (again === null) hooks.notify('Rulebook opened again: your unsaved edits are still here. Save to keep them.');
            return again === null;
          } },
        ]);
      }
      lost = why;
      return why;
    })().finally(() => {
      resuming = null;
    });
    return resuming;
  };

  const refused = (why: string): Result<never> => fail('session-ended', `${why}; your unsaved edits are kept in this tab`);

  const api = { ...host } as Record<string, unknown>;
  for (const method of API_METHODS) {
    const call = host[method] as (...args: unknown[]) => Promise<Result<unknown>>;
    api[method] = async (...args: unknown[]) => {
      const bookBound = !WITHOUT_BOOK.has(method);
      if (lost !== null && bookBound) {
        const why = await resume();
        if (why !== null) return refused(why);
      }
      const answer = await call(...args);
      if (answer.ok) {
        if (OPENS_BOOK.has(method) && answer.value !== null && lost !== null) {
          lost = null;
          hooks.closeBanner(SESSION_ENDED_BANNER);
        }
        return answer;
      }
      if (answer.error.code !== 'session-ended') return answer;
      // Nothing was run: sent again, once, under the new session, when it holds this tab's book.
      const why = await resume();
      return why === null ? call(...args) : refused(why);
    };
  }
  return api as unknown as RulebookBridge;
}
