/**
 * The one way in: a rulebook's texts → its model → the linked facts → the lint findings. The CLI, the app's
 * worker and the language server (through the service's session), publish and the browser host all go through
 * here, so every caller reads a book, and reports a bad setting, the same way.
 */
import { LinkMemo, linkRulebook } from '../link/index.js';
import type { LinkedRulebook } from '../link/types.js';
import { lintRulebook, type LintMemo } from '../lint/index.js';
import type { Finding } from '../lint/types.js';
import type { LintRuleConfig, Rulebook, RulebookSource } from '../model/types.js';
import { parseRulebook, type ParseCache } from '../parse/index.js';
import { readableSource } from '../parse/mdx.js';

export interface AnalyseOptions {
  /** Lint settings over the rulebook's own `lint:` entries (retired numbers, a caller's overrides); unknown ids throw. */
  readonly rules?: Readonly<Record<string, LintRuleConfig>>;
  /**
   * A parse cache: chunks kept between runs (the lint cache's store), or the editor's, kept across keystrokes. Its
   * `change` tells the linker what the last parse with it changed, so pass `linkMemo` with it to relink only that.
   */
  readonly cache?: ParseCache;
  /** What the last link of the same rulebook found (kept with the cache by a caller that analyses the book again). */
  readonly linkMemo?: LinkMemo;
  /** What the last lint of the same rulebook found and this one may keep. */
  readonly lintMemo?: LintMemo;
}

/** Milliseconds spent on each step; `lintMs` is 0 until the findings are first asked for. */
export interface AnalyseTiming {
  readonly parseMs: number;
  readonly linkMs: number;
  readonly lintMs: number;
}

export interface RulebookAnalysis {
  /** What was read (an .mdx page's code blanked, parse/mdx.ts): settings findings point into these texts. */
  readonly source: RulebookSource;
  readonly model: Rulebook;
  readonly linked: LinkedRulebook;
  /**
   * The lint findings, sorted, after the settings and the `<!-- lint … -->` comments. Linted on the first call and
   * kept: a caller that only prints or refactors the book (export, renumber) never pays for the lint.
   */
  findings(): readonly Finding[];
  readonly timing: AnalyseTiming;
}

export function analyse(written: RulebookSource, options: AnalyseOptions = {}): RulebookAnalysis {
  const t0 = performance.now();
  // Callers hand in the texts as written (the editor's, a revision's): an .mdx page's code is no text of the book.
  const source = readableSource(written);
  const model = parseRulebook(source, options.cache ? { cache: options.cache } : {});
  const t1 = performance.now();
  const linked = linkRulebook(model, { memo: options.linkMemo ?? new LinkMemo(), assets: source.assets, change: options.cache?.change ?? null });
  const t2 = performance.now();
  const timing = { parseMs: t1 - t0, linkMs: t2 - t1, lintMs: 0 };
  let findings: readonly Finding[] | null = null;
  return {
    source,
    model,
    linked,
    findings() {
      if (findings === null) {
        const t3 = performance.now();
        // The source always goes along: a bad `lint:` setting is reported at its own key, by every caller alike.
        findings = lintRulebook(linked, { rules: options.rules, source, memo: options.lintMemo });
        timing.lintMs = performance.now() - t3;
      }
      return findings;
    },
    timing,
  };
}
