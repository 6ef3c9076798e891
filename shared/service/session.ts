/**
 * One rulebook's analysis pipeline, free of any worker, DOM or Node API so that the app's worker, the language
 * server, Node tests and the bench run it alike: files in, findings out, re-parsing only the chunks an edit touched.
 */
import { analyse } from '../analyse/index.js';
import { LinkMemo } from '../link/index.js';
import type { LinkedRulebook } from '../link/types.js';
import { LintMemo } from '../lint/index.js';
import type { Finding } from '../lint/types.js';
import type { LintRuleConfig, RulebookSource } from '../model/types.js';
import { ParseCache, type ChunkStore, type KeptChunks } from '../parse/index.js';

/** Where an analysis spent its time, shown in the status bar and measured by the bench. */
export interface AnalysisTiming {
  readonly parseMs: number;
  readonly linkMs: number;
  readonly lintMs: number;
  /** How long the text waited in the worker before its analysis began (work queued before it, keystrokes merged). */
  readonly waitMs?: number;
  /** Chunks this analysis took from what was kept of the book since its last launch, unread (the app's worker). */
  readonly keptChunks?: number;
}

export interface Analysis {
  readonly version: number;
  readonly linked: LinkedRulebook;
  readonly findings: readonly Finding[];
  readonly timing: AnalysisTiming;
}

export class RulebookSession {
  private manifest: RulebookSource['manifest'] = null;
  private order: string[] = [];
  private texts = new Map<string, string>();
  // One cache for the life of the session: it is what makes a re-parse after a keystroke cheap.
  // In place: the session keeps no model older than the last, so the chapters after an edit are moved, not rebuilt.
  private cache = new ParseCache({ inPlace: true });
  private linkMemo = new LinkMemo();
  private lintMemo = new LintMemo();
  private analysed: Analysis | null = null;
  private dirty = true;
  private lintRules: Readonly<Record<string, LintRuleConfig>> = {};
  /** The rulebook folder's other files, for broken-link. */
  private assets: readonly string[] = [];
  version = 0;

  /** Lint settings over the rulebook's own (retired numbers for number-reused); kept across opens of the same rulebook. */
  setLintRules(rules: Readonly<Record<string, LintRuleConfig>>, version: number): void {
    this.lintRules = rules;
    this.version = version;
    this.dirty = true;
  }

  /** `store`: chunk results kept from an earlier session (the app's, between launches), asked for what the cache lacks. */
  open(source: RulebookSource, version: number, store?: ChunkStore): void {
    this.manifest = source.manifest ?? null;
    this.order = source.files.map((f) => f.path);
    this.texts = new Map(source.files.map((f) => [f.path, f.text]));
    this.assets = source.assets ?? [];
    this.cache = new ParseCache({ inPlace: true, ...(store ? { store } : {}) });
    this.linkMemo = new LinkMemo();
    this.lintMemo = new LintMemo();
    this.version = version;
    this.dirty = true;
  }

  /**
   * The rulebook folder's other files as they are now (a picture added or removed since the open): links to them are
   * checked again, and `![[` offers them. The parses are kept; only the links and findings are made again.
   */
  setOtherFiles(assets: readonly string[], version: number): void {
    this.assets = assets;
    this.version = version;
    this.dirty = true;
  }

  /** Replaces one file's text (the manifest too, by its path); an unknown path is added at the end. */
  setFile(path: string, text: string, version: number): void {
    if (this.manifest && this.manifest.path === path) this.manifest = { path, text };
    else {
      if (!this.texts.has(path)) this.order.push(path);
      this.texts.set(path, text);
    }
    this.version = version;
    this.dirty = true;
  }

  /**
   * Applies an edit (changes in the order the editor gave them, each in the text as the ones before left it) to a
   * file's text; false, changing nothing, when the file is unknown or the result would not be `length` long.
   */
  editFile(path: string, changes: readonly { readonly offset: number; readonly remove: number; readonly text: string }[], length: number, version: number): boolean {
    const isManifest = this.manifest?.path === path;
    let text = isManifest ? this.manifest!.text : this.texts.get(path);
    if (text === undefined) return false;
    for (const change of changes) {
      if (change.offset < 0 || change.remove < 0 || change.offset + change.remove > text.length) return false;
      text = text.slice(0, change.offset) + change.text + text.slice(change.offset + change.remove);
    }
    if (text.length !== length) return false;
    this.setFile(path, text, version);
    return true;
  }

  text(path: string): string | undefined {
    return this.texts.get(path);
  }

  /** The rulebook folder's other files (pictures, pages not read), rulebook-relative. */
  otherFiles(): readonly string[] {
    return this.assets;
  }

  get needsAnalysis(): boolean {
    return this.dirty;
  }

  source(): RulebookSource {
    return { manifest: this.manifest, files: this.order.map((path) => ({ path, text: this.texts.get(path)! })) };
  }

  /** The chunks of the last analysis with their results, for the app to keep until the book is opened again. */
  kept(): KeptChunks {
    return this.cache.kept();
  }

  /** Parses (incrementally), links and lints the current texts; returns the last result when nothing changed. */
  analyse(): Analysis {
    if (!this.dirty && this.analysed) return this.analysed;
    // The session's cache and memos make the pipeline incremental: the cache tells how this model differs from the
    // last, and the linker and the linter redo only what that can change.
    const analysis = analyse(
      { ...this.source(), assets: this.assets },
      { rules: this.lintRules, cache: this.cache, linkMemo: this.linkMemo, lintMemo: this.lintMemo },
    );
    const findings = analysis.findings();
    this.analysed = { version: this.version, linked: analysis.linked, findings, timing: analysis.timing };
    this.dirty = false;
    return this.analysed;
  }

  get last(): Analysis | null {
    return this.analysed;
  }
}
