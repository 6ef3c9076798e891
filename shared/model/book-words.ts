/**
 * The words the product prints around a book's own text (the website's navigation, headings, table columns, search
 * and footer; the PDF's contents, index, cards, reference and sheet) in the book's language: a French book's site
 * says "Sommaire" and "Compétences", not "Contents" and "Skills". The book's text is its own; these are the words
 * around it. English, French, German, Spanish and Russian; any other language is English.
 * Counts take the language's plural forms (Intl.PluralRules: Russian has three), lists its conjunction (Intl.ListFormat).
 */
import { bookLanguage } from './book-language.js';
import de from './words/de.json';
import en from './words/en.json';
import es from './words/es.json';
import fr from './words/fr.json';
import ru from './words/ru.json';
import { languageTag, primarySubtag } from './language-tag.js';
import { thousands, wordList } from './plural.js';
import type { RulebookConfig } from './types.js';

/** A count's wording in each plural form the language has, `{n}` standing for the count ("{n} skills"). */
export type Counted = { readonly other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

export interface BookVocabulary {
  readonly contents: string;
  readonly skills: string;
  /** After a label ("Requires: Armes"): French sets a space before it ("Prérequis : Armes"). */
  readonly colon: string;
  /** Whether the language writes its nouns with a capital within a sentence (German): column names keep theirs. */
  readonly nounsCapitalised?: boolean;
  readonly skillCards: string;
  readonly prerequisiteGraph: string;
  readonly whatChanged: string;
  /** `{label}`: the earlier version's name. */
  readonly whatChangedSince: string;
  readonly name: string;
  readonly cost: string;
  readonly category: string;
  /** What an entry's card line says it is, unlabelled ("Arcana Spell" in Daggerheart's domain cards): its field's name. */
  readonly type: string;
  readonly prerequisites: string;
  readonly requiredBy: string;
  readonly filterSkills: string;
  readonly allCategories: string;
  readonly noCategory: string;
  readonly inTheRulebook: string;
  readonly card: string;
  /** `{name}`: a rule's number or a skill's name. */
  readonly permalinkTo: string;
  readonly everySkill: string;
  /** `{list}`: the columns the table shows ("cost, category and prerequisites"). */
  readonly everySkillWith: string;
  /** After `everySkill…`, its separator first: `{link}` a link to the graph page, its text `prerequisiteGraphLink`. */
  readonly seeAlso: string;
  readonly prerequisiteGraphLink: string;
  readonly graphIntro: string;
  readonly graphTitle: string;
  readonly searchLabel: string;
  readonly searchPlaceholder: string;
  readonly skipToText: string;
  readonly siteNavigation: string;
  readonly chapters: string;
  /** `{edition}`. */
  readonly edition: string;
  readonly madeWith: string;
  readonly skillCount: Counted;
  // The script's words (main/site/assets/site.js), handed to it in the page.
  readonly noResults: string;
  readonly resultCount: Counted;
  /** `{shown}` of `{n}` skills, in the form `{n}` takes. */
  readonly showingSkills: Counted;
  /** `{title}`. */
  readonly goTo: string;
  /** `{error}`. */
  readonly searchUnavailable: string;
  readonly rule: string;
  readonly section: string;
  readonly skill: string;
  // The PDF's words: the book's contents and index, a skill's requirements, the handouts' titles and columns.
  readonly indexOfSkills: string;
  /** Before a numbered chapter's number, where its heading names no kind ("1. Combat" prints as "CHAPTER 1"). */
  readonly chapter: string;
  /** Under the title on the cover. */
  readonly rulebook: string;
  /** On an extract's cover, before its chapters. */
  readonly extract: string;
  /** Before a skill's prerequisites in print: "Requires: Armes". */
  readonly requires: string;
  /** On a card whose text goes on, on the next card. */
  readonly continued: string;
  readonly otherSkills: string;
  /** The quick reference's title; `quickReference` names it in its footer. */
  readonly quickReferenceTitle: string;
  readonly quickReference: string;
  /** On the character sheet, beside a skill: `{requirements}` it needs. */
  readonly needs: string;
  readonly summary: string;
  readonly characterSheet: string;
  readonly pointsSpent: string;
  readonly pointsAvailable: string;
  /** The character sheet's own fields, where the book names none. */
  readonly character: string;
  readonly player: string;
  readonly changes: ChangeVocabulary;
}

/** A name for each kind of text block a comparison lists (shared/diff's TextBlockKind). */
type ByBlockKind = Readonly<Record<'paragraph' | 'list-item' | 'table-row' | 'heading' | 'code' | 'html' | 'settings' | 'other', string>>;

/**
 * What the changelog and the "What changed" handout say around the book's own words, in the book's language: they
 * are for its players. `{name}`-style placeholders are filled by shared/diff; a count takes its plural forms.
 */
export interface ChangeVocabulary {
  /** `{title}`. */
  readonly handoutTitle: string;
  /** `{title}`, `{version}`. */
  readonly changelogTitle: string;
  /** Where the book has no title. */
  readonly theRulebook: string;
  /** Where the new version has no edition or date. */
  readonly thisEdition: string;
  readonly previousVersion: string;
  readonly lastPublication: string;
  /** `{version}`, `{date}`. */
  readonly published: string;
  /** The handout's subtitle: `{edition}`, `{old}`. */
  readonly editionComparedWith: string;
  /** `{old}`. */
  readonly comparedWith: string;
  /** `{removed}` and `{added}` stand for `struckWords` and `boldWords`, set in their styles. */
  readonly handoutLegend: string;
  readonly struckWords: string;
  readonly boldWords: string;
  /** Markdown, its `~~` and `**` kept. */
  readonly legendRules: string;
  readonly legendRulesAndText: string;
  readonly nothingChanged: string;
  readonly noChanges: string;
  readonly noWordChanges: string;
  /** The chapter of what stands under no chapter. */
  readonly general: string;
  readonly newRules: string;
  readonly changedRules: string;
  readonly removedRules: string;
  readonly movedRules: string;
  readonly renumberedRules: string;
  readonly renumberedAndMoved: string;
  readonly skills: string;
  readonly otherText: string;
  readonly atAGlance: string;
  /** `{counts}`. */
  readonly rulesGlance: string;
  readonly skillsGlance: string;
  readonly textGlance: string;
  readonly unchanged: string;
  readonly newCount: Counted;
  readonly addedCount: Counted;
  readonly changedCount: Counted;
  readonly removedCount: Counted;
  readonly movedCount: Counted;
  readonly renamedCount: Counted;
  readonly onlyRenumberedCount: Counted;
  /** `{number}`. */
  readonly wasNumber: string;
  /** `{line}`. */
  readonly wasLine: string;
  /** `{place}`. */
  readonly movedTo: string;
  /** `{from}`, `{to}`. */
  readonly movedFromTo: string;
  readonly theTopLevel: string;
  /** `{old}`, `{new}`. */
  readonly isNow: string;
  /** `{oldFirst}`, `{oldLast}`, `{newFirst}`, `{newLast}`. */
  readonly areNow: string;
  readonly ruleCount: Counted;
  /** `{name}`, `{cost}`. */
  readonly skillIsNew: string;
  /** `{list}`. */
  readonly skillRequires: string;
  readonly skillWasRemoved: string;
  readonly newTag: string;
  readonly removedTag: string;
  readonly requiresTag: string;
  /** `{name}`. */
  readonly renamedFrom: string;
  /** `{old}`, `{new}`. */
  readonly costChange: string;
  readonly nowRequires: string;
  readonly noLongerRequires: string;
  readonly none: string;
  readonly noCost: string;
  /** `{words}`. */
  readonly description: string;
  readonly descriptionChanged: string;
  readonly emphasisChanged: string;
  readonly emphasisOnly: string;
  readonly sectionRemoved: string;
  readonly beforeFirstHeading: string;
  readonly referencesUpdated: Counted;
  readonly formattingOnly: Counted;
  readonly rulesReferencesUpdated: Counted;
  /** `{old}` capitalised, `{new}` as `kinds` names it. */
  readonly kindChanged: string;
  /** `{name}`: the change's name. */
  readonly nowInQuote: string;
  readonly noLongerInQuote: string;
  readonly kinds: ByBlockKind;
  readonly added: ByBlockKind;
  readonly removed: ByBlockKind;
  readonly moved: ByBlockKind;
}

/** Each language's words, kept as data (shared/model/words/*.json): a translator edits a file of words, not code. */
const EN: BookVocabulary = en;
/** The product's own words, for what prints in English whatever the book's language. */
export const ENGLISH_WORDS = EN;
const VOCABULARIES: Readonly<Record<string, BookVocabulary>> = { en: EN, fr, de, es, ru };

/**
 * The words alone of a language tag, English's for any other: what needs no count or list (the parser's name for a
 * card line's kind) asks this, and builds none of BookWords' Intl formatters.
 */
export function bookVocabulary(language: string | null): BookVocabulary {
  return VOCABULARIES[primarySubtag(languageTag(language))] ?? EN;
}

/** The website's words for a language tag ("fr", "de-AT"), with its counts and lists; English for any other. */
export class BookWords {
  readonly lang: string;
  readonly words: BookVocabulary;
  private readonly plurals: Intl.PluralRules | null;
  private readonly lists: Intl.ListFormat | null;

  constructor(language: string | null) {
    const tag = languageTag(language);
    this.words = bookVocabulary(tag);
    // The page says what language its text is in, which is the book's even where its own words are English.
    this.lang = tag ?? 'en';
    // English keeps the house's own plural() and wordList(): Intl's first call loads the ICU data.
    this.plurals = this.words === EN ? null : new Intl.PluralRules(this.lang);
    this.lists = this.words === EN ? null : new Intl.ListFormat(this.lang, { type: 'conjunction' });
  }

  /** "12 skills", "12 навыков": `counted` for `count`, with `{n}` and any other `values` filled in. */
  count(counted: Counted, count: number, values: Record<string, string | number> = {}): string {
    const form = this.plurals ? (counted[this.plurals.select(count)] ?? counted.other) : count === 1 ? (counted.one ?? counted.other) : counted.other;
    const n = this.plurals ? count.toLocaleString(this.lang) : thousands(count);
    return fill(form, { ...values, n });
  }

  /** A word as a sentence writes it: lower case, but in a language that capitalises its nouns (German). */
  inSentence(word: string): string {
    return this.words.nounsCapitalised ? word : word.toLocaleLowerCase(this.lang);
  }

  list(items: readonly string[]): string {
    return this.lists ? this.lists.format(items) : wordList(items);
  }

  /** What the site's script says, for the page to hand it (each count in every form, for the script to choose). */
  scriptWords(): Record<string, unknown> {
    const { noResults, resultCount, showingSkills, goTo, searchUnavailable, rule, section, skill } = this.words;
    return { lang: this.lang, noResults, resultCount, showingSkills, goTo, searchUnavailable, kinds: { rule, section, skill } };
  }
}

/** The product's own words with their counts and lists: what prints in English whatever the book's language. */
export const ENGLISH = new BookWords(null);

/** The words of a book's `language:` setting. */
export function wordsOfBook(config: RulebookConfig): BookWords {
  return new BookWords(bookLanguage(config));
}

/** `template` with each `{key}` replaced by its value. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
