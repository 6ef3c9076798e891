/**
 * The language server reads a book's chunks from `rulebook lint`'s cache (main/lint/cache.ts), and writes back what
 * its first analysis parsed: a big book (the 13th Age SRD, 11 MB) opened again, or after a lint, parses only the
 * chunks that changed since, where every first request used to wait for the whole book to be parsed.
 */
import type { KeptParses } from '../../shared/service/index.js';
import type { LintRuleConfig } from '../../shared/model/types.js';
import type { LoadedRulebook } from '../fs/load-rulebook.js';
import { LintCache } from '../lint/cache.js';

const SAVE_AFTER_MS = 1000;

/** The writes scheduled and not yet made. */
const pending = new Map<ReturnType<typeof setTimeout>, () => Promise<void>>();

/** Makes the writes still scheduled now (the editor shuts the server down). */
export async function saveKeptParsesNow(): Promise<void> {
  const saves = [...pending];
  pending.clear();
  for (const [timer] of saves) clearTimeout(timer);
  await Promise.all(saves.map(([, save]) => save()));
}

/**
 * The kept parses of a book read with `rules` (what lint lays over its own settings), or null without a cache. `log`
 * is told, once the first analysis is done, how many chunks it took from the cache and how many it parsed.
 */
export async function keptParses(loaded: LoadedRulebook, rules: Readonly<Record<string, LintRuleConfig>>, log: (message: string) => void): Promise<KeptParses | null> {
  const book = await LintCache.open()?.book(loaded, rules).catch(() => null);
  if (!book) return null;
  const disk = await book.chunks();
  // Only the first analysis goes through the store: after it the session's own cache has every chunk, and the chunks
  // of each keystroke, kept here, would only grow the file.
  let first = true;
  let parsed = 0;
  return {
    store: {
      get: (settingsKey, text) => (first ? disk.get(settingsKey, text) : undefined),
      set: (settingsKey, text, result) => {
        if (!first) return;
        parsed++;
        disk.set(settingsKey, text, result);
      },
    },
    settled(failed) {
      first = false;
      log(`${loaded.target}: ${failed ? 'the parses kept from an earlier reading were dropped (they made the parser fail)' : `${disk.hits} chunks kept from an earlier reading, ${parsed} parsed`}`);
      if (failed) return void book.dropChunks();
      // Written a moment later: the requests waiting for this first analysis are answered first (writing a big book's
      // chunks takes a few hundred milliseconds). Nothing holds the server open for it; a shutdown writes it at once.
      const save = () => book.saveChunks(disk);
      const timer = setTimeout(() => {
        pending.delete(timer);
        void save();
      }, SAVE_AFTER_MS).unref();
      pending.set(timer, save);
    },
  };
}
