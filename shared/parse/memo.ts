/**
 * Remembers the results of the pure string functions the assembler calls for every record (cost and
 * prerequisite parsing, name keys, plain text), across parses: after an edit, nearly every record is the
 * same text as before, and recomputing them is most of what an incremental re-parse would cost.
 */
import type { RulebookConfig } from '../model/types.js';
import { parseCost, type CostWords, type ParsedCost } from './costs.js';
import { nameKey, plainText } from './keys.js';
import type { ConditionLayout } from '../model/layout.js';
import { bookLanguage } from '../model/book-language.js';
import { bookVocabulary } from '../model/book-words.js';
import { ENGLISH_READING, readingWords, type ReadingWords } from '../model/reading-words.js';
import { parsePrerequisites, type RequirementSpan } from './prerequisites.js';
import { DEFAULT_RECOGNISERS, Recognisers } from './recognisers.js';

type Table<T> = Map<string, T>;

export class StringMemo {
  private current = this.empty();
  private previous = this.empty();
  private settings = '';
  private config: RulebookConfig | null = null;
  private costWords: CostWords = { zero: [], variable: [] };
  private conditionLayout: ConditionLayout = { attributes: [], phrases: [] };
  /** The book's reading words (its `language:`), for the prerequisite parser and the assembler. */
  reading: ReadingWords = ENGLISH_READING;
  /** The layout compiled for the record extractor. */
  recognisers: Recognisers = DEFAULT_RECOGNISERS;

  /** The settings the cached results belong to (units and conditions). */
  get settingsKey(): string {
    return this.settings;
  }

  private empty() {
    return {
      strictCost: new Map() as Table<ParsedCost | null>,
      looseCost: new Map() as Table<ParsedCost | null>,
      prerequisites: new Map() as Table<RequirementSpan[]>,
      key: new Map() as Table<string>,
      plain: new Map() as Table<string>,
    };
  }

  /** Cost and prerequisite results depend on the units, conditions, layout and language: a change of any forgets them. */
  useSettings(config: RulebookConfig): void {
    // The same settings object (a cache gives it again while the front matter stays the same): nothing to compare.
    if (config === this.config) return;
    this.config = config;
    const language = bookLanguage(config);
    const settings = JSON.stringify([config.costUnits, config.conditions, config.layout, language]);
    if (settings === this.settings) return;
    this.settings = settings;
    this.costWords = config.layout.costs;
    this.conditionLayout = config.layout.conditions;
    this.reading = readingWords(language);
    this.recognisers = new Recognisers(config.layout, config.costUnits, bookVocabulary(language).type, this.reading);
    this.current = this.empty();
    this.previous = this.empty();
  }

  /** Called once per parse: what neither this parse nor the one before used is dropped. */
  rotate(): void {
    this.previous = this.current;
    this.current = this.empty();
  }

  private lookup<T>(table: keyof ReturnType<StringMemo['empty']>, key: string, compute: () => T): T {
    const now = this.current[table] as Table<T>;
    if (now.has(key)) return now.get(key)!;
    const before = this.previous[table] as Table<T>;
    const value = before.has(key) ? before.get(key)! : compute();
    now.set(key, value);
    return value;
  }

  cost(text: string, units: readonly string[], strict: boolean): ParsedCost | null {
    return this.lookup(strict ? 'strictCost' : 'looseCost', text, () => parseCost(text, units, strict, this.costWords));
  }

  prerequisites(text: string, conditions: ReadonlySet<string>): RequirementSpan[] {
    return this.lookup('prerequisites', text, () => parsePrerequisites(text, conditions, this.conditionLayout, this.reading));
  }

  nameKey(text: string): string {
    return this.lookup('key', text, () => nameKey(text));
  }

  plainText(text: string): string {
    return this.lookup('plain', text, () => plainText(text));
  }
}
