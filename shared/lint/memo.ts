/**
 * What the linter keeps from one run to the next over the same rulebook (the editor lints after every keystroke):
 * the numbering facts, updated in place while the numbers stay the same, and the findings of the rules that read
 * nothing else, kept while those facts do. Typing in a rule's text replaces the rule's node but not its number,
 * so the numbering rules, which walk every number of the book, have nothing to find again.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { NumberedEntry, SourceRange } from '../model/types.js';
import { computeNumbering, type NumberingFacts, type PlacedEntry } from './numbering.js';
import type { Finding } from './types.js';
import { sameItems } from '../model/same-items.js';

/** Rules whose findings follow from the numbering facts, the numbering settings and their own settings alone. */
const NUMBERING_ONLY: ReadonlySet<string> = new Set(['numbering-gap', 'numbering-order', 'misplaced-number']);

interface Facts {
  readonly facts: NumberingFacts;
  /** The entries the facts were computed for, each number's key then, and where each entry's placing sits in its group. */
  readonly entries: NumberedEntry[];
  readonly keys: string[];
  readonly members: Array<readonly [group: number, member: number] | null>;
  readonly settings: string;
  /** How many of the entries are local rules. */
  readonly locals: number;
}

const isLocal = (e: NumberedEntry): boolean => e.scope === 'local';

interface Kept {
  readonly findings: readonly Finding[];
  /** The line each finding's ranges started on when it was made: a message may name it ("line 40"). */
  readonly lines: readonly (readonly number[])[];
  readonly inputs: string;
  /** The numbering call it was made or last kept at. */
  readonly call: number;
}

/** Whether a new entry places exactly as an earlier one did: the same kind, number and scope. */
function placesAlike(now: NumberedEntry, before: NumberedEntry, keyBefore: string): boolean {
  if (now.kind !== before.kind || now.number.key !== keyBefore || now.number.text !== before.number.text || now.number.prefix !== before.number.prefix) return false;
  if (now.scope !== before.scope) return false;
  return sameItems(now.number.segments, before.number.segments);
}

const rangesOf = (f: Finding): SourceRange[] => [f.range, ...(f.related ?? []).map((r) => r.range)];

export class LintMemo {
  /** How many times a rule's findings were kept rather than found again (for tests that check the memo is used). */
  reused = 0;
  private kept: Facts | null = null;
  /** Counts the runs that asked for the numbering facts; `alike` says whether this one's are the last one's, entries replaced. */
  private calls = 0;
  private alike = false;
  /** The number ranges of the entries this call replaced, old → new. */
  private moved = new Map<SourceRange, SourceRange>();
  private readonly findings = new Map<string, Kept>();

  /** The numbering facts of `linked`: the last run's with entries replaced when every number places as before. */
  numbering(linked: LinkedRulebook): NumberingFacts {
    this.calls++;
    this.moved = new Map();
    const entries = linked.numberedEntries;
    const settings = JSON.stringify(linked.model.config.numbering);
    const kept = this.kept;
    if (kept && kept.settings === settings && kept.entries.length === entries.length && this.replace(kept, entries)) {
      this.alike = true;
      return kept.facts;
    }
    this.alike = false;
    const facts = computeNumbering(linked);
    const at = new Map<PlacedEntry, readonly [number, number]>();
    facts.groups.forEach((g, gi) => g.members.forEach((m, mi) => at.set(m, [gi, mi])));
    this.kept = { facts, entries: [...entries], keys: entries.map((e) => e.number.key), members: facts.placed.map((p) => at.get(p) ?? null), settings, locals: entries.filter(isLocal).length };
    return facts;
  }

  /** Puts the new entries in place of the old where they differ; false (nothing changed) when one places differently. */
  private replace(kept: Facts, entries: readonly NumberedEntry[]): boolean {
    const changed: number[] = [];
    const old = kept.entries;
    // An entry kept (the same node) places as it did, unless it is a local rule: its key names its section, which moves.
    if (kept.locals === 0) {
      let from = 0;
      let to = entries.length;
      while (from < to && entries[from] === old[from]) from++;
      while (to > from && entries[to - 1] === old[to - 1]) to--;
      for (let i = from; i < to; i++) {
        if (entries[i] === old[i]) continue;
        if (!placesAlike(entries[i], old[i], kept.keys[i]) || isLocal(entries[i])) return false;
        changed.push(i);
      }
    } else {
      for (let i = 0; i < entries.length; i++) {
        const now = entries[i];
        const before = old[i];
        if (now === before ? now.number.key !== kept.keys[i] : !placesAlike(now, before, kept.keys[i])) return false;
        if (now !== before) changed.push(i);
      }
    }
    const placed = kept.facts.placed as PlacedEntry[];
    for (const i of changed) {
      const now = entries[i];
      const item: PlacedEntry = { ...placed[i], entry: now };
      this.moved.set(kept.entries[i].number.range, now.number.range);
      placed[i] = item;
      const member = kept.members[i];
      if (member) (kept.facts.groups[member[0]].members as PlacedEntry[])[member[1]] = item;
      kept.entries[i] = now;
    }
    return true;
  }

  /** Whether a rule's findings follow from the numbering facts and settings alone (and so may be kept). */
  usesNumberingOnly(ruleId: string): boolean {
    return NUMBERING_ONLY.has(ruleId);
  }

  /**
   * The findings a numbering rule made last time, when they still hold: the facts are alike, the settings the same,
   * and every place the findings name is on the line it was on (their ranges are the nodes', moved with them).
   */
  reuse(ruleId: string, inputs: string): Finding[] | null {
    if (!NUMBERING_ONLY.has(ruleId) || !this.alike) return null;
    const kept = this.findings.get(ruleId);
    if (!kept || kept.call !== this.calls - 1 || kept.inputs !== inputs) return null;
    const map = (r: SourceRange) => this.moved.get(r) ?? r;
    const findings = kept.findings.map((f) =>
      this.moved.size === 0 ? f : { ...f, range: map(f.range), ...(f.related ? { related: f.related.map((r) => ({ ...r, range: map(r.range) })) } : {}) },
    );
    for (let i = 0; i < findings.length; i++) {
      const ranges = rangesOf(findings[i]);
      if (ranges.some((r, k) => r.start.line !== kept.lines[i][k])) return null;
    }
    this.findings.set(ruleId, { ...kept, findings, call: this.calls });
    this.reused++;
    return findings;
  }

  /** Keeps what a numbering rule found in this run, for the next. */
  keep(ruleId: string, inputs: string, findings: readonly Finding[]): void {
    if (!NUMBERING_ONLY.has(ruleId)) return;
    this.findings.set(ruleId, { findings, lines: findings.map((f) => rangesOf(f).map((r) => r.start.line)), inputs, call: this.calls });
  }
}
