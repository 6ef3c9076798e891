/**
 * The words a book's own text writes for what the reader looks for, in the book's `language:`: the labels of a skill's
 * cost and prerequisites ("Coût", "Требование"), the words that join requirements ("или", "ou"), that widen one
 * ("или выше", "ou plus") or make it a level ("Колдун 2-го уровня"). English is always read, the language's words
 * beside it: books in other languages often keep English labels. French, German, Italian, Spanish, Portuguese and
 * Russian (reading-words/*.json); any other language reads as English.
 *
 * Book words (book-words.ts) are the opposite direction: what the product prints around the book's text.
 */
import { stemmer as germanStem } from '@orama/stemmers/german';
import { stemmer as frenchStem } from '@orama/stemmers/french';
import { stemmer as italianStem } from '@orama/stemmers/italian';
import { stemmer as portugueseStem } from '@orama/stemmers/portuguese';
import { stemmer as russianStem } from '@orama/stemmers/russian';
import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import de from './reading-words/de.json';
import es from './reading-words/es.json';
import fr from './reading-words/fr.json';
import it from './reading-words/it.json';
import pt from './reading-words/pt.json';
import ru from './reading-words/ru.json';
import { primarySubtag } from './language-tag.js';

export interface ReadingWords {
  /** The language's primary subtag ("ru"); null for English, and for a language we have no words of. */
  readonly language: string | null;
  /** Labels of a skill's cost ("Стоимость") and of its prerequisites ("Требование"), beside the English ones. */
  readonly costLabels: readonly string[];
  readonly prerequisiteLabels: readonly string[];
  /**
   * Headers of a skill table's name column ("Навык", "Compétence"), beside the English `Skill` and `Name`. Not the
   * language's word for a name ("Название"): a table of gear names its column so, and only English's gear columns
   * (`Weight`) are known to set it apart.
   */
  readonly skillColumns: readonly string[];
  /** Headers of a skill table's description column ("Описание", "Beschreibung"), beside English's `Description`, `Notes`. */
  readonly textColumns: readonly string[];
  /** Headers of a skill table's category column ("Категория"), beside English's `Category`. */
  readonly categoryColumns: readonly string[];
  /**
   * Words a heading names a kind of skills by ("навыки", "sorts"), lower case, in the plural as a chapter's title
   * writes them, beside English's (NAMES_SKILL_KIND). Whole words, not stems: a skill's own name in the singular
   * ("Сила Воли") names no kind, as English's "Power Attack" does not, and "Бонусные Очки Навыков" (bonus points of
   * skills) heads no list of them. A word the same in the singular is left out: Italian's "abilità" would make "Punti
   * Abilità Bonus" (bonus skill points) a chapter of skills.
   */
  readonly skillKinds: readonly string[];
  /** Costs that mean nothing to pay ("Gratuit"), and a cost the book explains elsewhere ("Variable"). */
  readonly zeroCosts: readonly string[];
  readonly variableCosts: readonly string[];
  /** Between alternatives ("или") and between requirements ("и"), lower case. */
  readonly or: readonly string[];
  readonly and: readonly string[];
  /** A prerequisite that requires nothing ("нет"). */
  readonly none: readonly string[];
  /** After "or", a word that widens the alternative before it ("или выше": that level or a higher one). */
  readonly widening: readonly string[];
  /** The word for a level, in the forms it takes beside a number ("Уровень 4+", "Колдун 2-го уровня"). */
  readonly level: readonly string[];
  /** "Points" in the forms a count takes, before what they are points of: "1 очко чародейства", "2 points de magie". */
  readonly points: readonly string[];
  /**
   * The word's stem by the language's Snowball stemmer ("воззваний" and "воззвание" → "воззван"), lower case: a
   * heading's plural names the kind its entries are written in the singular, in whichever case the sentence needs.
   * English has none (null): its reading keeps its own plural rule.
   */
  readonly stem: ((word: string) => string) | null;
}

type WordLists = Omit<ReadingWords, 'language' | 'stem'>;

const LANGUAGES: Readonly<Record<string, { readonly words: WordLists; readonly stem: (word: string) => string }>> = {
  de: { words: de, stem: germanStem },
  es: { words: es, stem: spanishStem },
  fr: { words: fr, stem: frenchStem },
  it: { words: it, stem: italianStem },
  pt: { words: pt, stem: portugueseStem },
  ru: { words: ru, stem: russianStem },
};

export const ENGLISH_READING: ReadingWords = {
  language: null,
  costLabels: [],
  prerequisiteLabels: [],
  skillColumns: [],
  textColumns: [],
  categoryColumns: [],
  skillKinds: [],
  zeroCosts: [],
  variableCosts: [],
  or: [],
  and: [],
  none: [],
  widening: [],
  level: [],
  points: [],
  stem: null,
};

const byLanguage = new Map<string, ReadingWords>();

/** The reading words of a BCP 47 tag ("ru", "fr-CA"); English's for none, and for a language we have no words of. */
export function readingWords(language: string | null): ReadingWords {
  const primary = primarySubtag(language);
  const known = LANGUAGES[primary];
  if (!known) return ENGLISH_READING;
  let words = byLanguage.get(primary);
  if (!words) {
    const { stem } = known;
    words = { ...known.words, language: primary, stem: (word) => stem(word.toLowerCase()) };
    byLanguage.set(primary, words);
  }
  return words;
}
