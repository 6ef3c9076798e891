/** A character as its file records it: who, which book, what it bought in order, and the points it was granted. */
import type { SourceRange } from '../model/types.js';

/** One skill bought, in the order of the history. */
export interface Purchase {
  /** The skill as written ("Healing", "Lethal Strike II"). */
  readonly skill: string;
  /** The tier or rank bought ("II"), when written apart from the name. */
  readonly tier: string | null;
  /** The event (or date) it was bought at; null for a purchase at creation, before any event. */
  readonly event: string | null;
  /** Points paid; null when the file leaves it to the book's price. */
  readonly cost: number | null;
  /** Conditions a marshal confirmed by hand for this purchase ("GM permission"). */
  readonly confirmed: readonly string[];
  /** The whole entry, where its skill is written, and where its cost is written (null when absent). */
  readonly range: SourceRange;
  readonly skillRange: SourceRange;
  readonly costRange: SourceRange | null;
}

/** Points granted beyond the book's starting and per-event points (a level gained, an award for a background). */
export interface Grant {
  readonly points: number;
  /** From this event on; null for points held from creation. */
  readonly event: string | null;
  readonly reason: string | null;
  readonly range: SourceRange;
}

export interface Character {
  readonly name: string;
  readonly player: string | null;
  /** The book the character belongs to, as its file names it (a title). */
  readonly rulebook: string | null;
  /** The class or skillset whose cost column prices its skills. */
  readonly class: string | null;
  /** Overrides of the book's `characters:` points for this character. */
  readonly startingPoints: number | null;
  readonly pointsPerEvent: number | null;
  /** Events attended, in order; events named only by purchases and grants follow in the order the file first names them. */
  readonly events: readonly string[];
  readonly grants: readonly Grant[];
  readonly purchases: readonly Purchase[];
  /** Conditions confirmed for every purchase of the character. */
  readonly confirmed: readonly string[];
  readonly notes: string | null;
  /** Where the character's entry is written, and its name. */
  readonly range: SourceRange;
  readonly nameRange: SourceRange;
  readonly classRange: SourceRange | null;
}

/** A problem that makes a character file unreadable: bad YAML, a missing name, a cost that is not a number. */
export interface CharacterFileProblem {
  readonly message: string;
  readonly line: number;
}
