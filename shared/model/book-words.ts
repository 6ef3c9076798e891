/**
 * The words the product prints around a book's own text (the website's navigation, headings, table columns, search
 * and footer; the PDF's contents, index, cards, reference and sheet) in the book's language: a French book's site
 * says "Sommaire" and "Compétences", not "Contents" and "Skills". The book's text is its own; these are the words
 * around it. English, French, German, Spanish and Russian; any other language is English.
 * Counts take the language's plural forms (Intl.PluralRules: Russian has three), lists its conjunction (Intl.ListFormat).
 */
import { bookLanguage } from './book-language.js';
import { thousands, wordList } from './plural.js';
import type { RulebookConfig } from './types.js';

/** A count's wording in each plural form the language has, `{n}` standing for the count ("{n} skills"). */
type Counted = { readonly other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

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
}

const EN: BookVocabulary = {
  contents: 'Contents',
  skills: 'Skills',
  colon: ':',
  skillCards: 'Skill cards',
  prerequisiteGraph: 'Prerequisite graph',
  whatChanged: 'What changed',
  whatChangedSince: 'What changed since {label}',
  name: 'Name',
  cost: 'Cost',
  category: 'Category',
  prerequisites: 'Prerequisites',
  requiredBy: 'Required by',
  filterSkills: 'Filter skills',
  allCategories: 'All categories',
  noCategory: 'No category',
  inTheRulebook: 'In the rulebook',
  card: 'card',
  permalinkTo: 'Permalink to {name}',
  everySkill: 'Every skill',
  everySkillWith: 'Every skill with its {list}',
  seeAlso: '; see also the {link}',
  prerequisiteGraphLink: 'prerequisite graph',
  graphIntro: 'An arrow leads from a prerequisite to the skill that needs it; select a skill for its card. Skills without prerequisites that nothing requires are left out.',
  graphTitle: 'Prerequisite graph: an arrow leads from a prerequisite to the skill that needs it',
  searchLabel: 'Search rules and skills',
  searchPlaceholder: 'Search…',
  skipToText: 'Skip to the text',
  siteNavigation: 'Site',
  chapters: 'Chapters',
  edition: 'edition {edition}',
  madeWith: 'Made with Rulebook Studio from the rulebook’s own text.',
  skillCount: { one: '{n} skill', other: '{n} skills' },
  noResults: 'No results',
  resultCount: { one: '{n} result', other: '{n} results' },
  showingSkills: { one: 'Showing {shown} of {n} skill', other: 'Showing {shown} of {n} skills' },
  goTo: 'Go to {title} →',
  searchUnavailable: 'Search is unavailable: {error}',
  rule: 'Rule',
  section: 'Section',
  skill: 'Skill',
  indexOfSkills: 'Index of skills',
  chapter: 'Chapter',
  rulebook: 'Rulebook',
  extract: 'Extract',
  requires: 'Requires',
  continued: 'continued',
  otherSkills: 'Other skills',
  quickReferenceTitle: 'Quick reference: skills',
  quickReference: 'Quick reference',
  needs: 'needs {requirements}',
  summary: 'Summary',
  characterSheet: 'Character sheet',
  pointsSpent: 'Points spent',
  pointsAvailable: 'Points available',
  character: 'Character',
  player: 'Player',
};

const FR: BookVocabulary = {
  contents: 'Sommaire',
  skills: 'Compétences',
  colon: '\u00a0:',
  skillCards: 'Fiches de compétences',
  prerequisiteGraph: 'Graphe des prérequis',
  whatChanged: 'Changements',
  whatChangedSince: 'Changements depuis {label}',
  name: 'Nom',
  cost: 'Coût',
  category: 'Catégorie',
  prerequisites: 'Prérequis',
  requiredBy: 'Requise par',
  filterSkills: 'Filtrer les compétences',
  allCategories: 'Toutes les catégories',
  noCategory: 'Sans catégorie',
  inTheRulebook: 'Dans le livre de règles',
  card: 'fiche',
  permalinkTo: 'Lien permanent vers {name}',
  everySkill: 'Toutes les compétences',
  everySkillWith: 'Toutes les compétences, avec {list}',
  seeAlso: '\u202f; voir aussi le {link}',
  prerequisiteGraphLink: 'graphe des prérequis',
  graphIntro: 'Une flèche mène d’un prérequis à la compétence qui l’exige\u202f; choisissez une compétence pour voir sa fiche. Les compétences sans prérequis que rien n’exige sont omises.',
  graphTitle: 'Graphe des prérequis\u00a0: une flèche mène d’un prérequis à la compétence qui l’exige',
  searchLabel: 'Rechercher dans les règles et les compétences',
  searchPlaceholder: 'Rechercher…',
  skipToText: 'Aller au texte',
  siteNavigation: 'Site',
  chapters: 'Chapitres',
  edition: 'édition {edition}',
  madeWith: 'Réalisé avec Rulebook Studio à partir du texte même du livre de règles.',
  skillCount: { one: '{n} compétence', other: '{n} compétences' },
  noResults: 'Aucun résultat',
  resultCount: { one: '{n} résultat', other: '{n} résultats' },
  showingSkills: { one: '{shown} sur {n} compétence', other: '{shown} sur {n} compétences' },
  goTo: 'Aller à {title} →',
  searchUnavailable: 'La recherche est indisponible\u00a0: {error}',
  rule: 'Règle',
  section: 'Section',
  skill: 'Compétence',
  indexOfSkills: 'Index des compétences',
  chapter: 'Chapitre',
  rulebook: 'Livre de règles',
  extract: 'Extrait',
  requires: 'Prérequis',
  continued: 'suite',
  otherSkills: 'Autres compétences',
  quickReferenceTitle: 'Aide-mémoire\u00a0: compétences',
  quickReference: 'Aide-mémoire',
  needs: 'exige {requirements}',
  summary: 'Résumé',
  characterSheet: 'Fiche de personnage',
  pointsSpent: 'Points dépensés',
  pointsAvailable: 'Points disponibles',
  character: 'Personnage',
  player: 'Joueur',
};

const DE: BookVocabulary = {
  nounsCapitalised: true,
  contents: 'Inhalt',
  skills: 'Fertigkeiten',
  colon: ':',
  skillCards: 'Fertigkeitskarten',
  prerequisiteGraph: 'Voraussetzungsgraph',
  whatChanged: 'Änderungen',
  whatChangedSince: 'Änderungen seit {label}',
  name: 'Name',
  cost: 'Kosten',
  category: 'Kategorie',
  prerequisites: 'Voraussetzungen',
  requiredBy: 'Benötigt für',
  filterSkills: 'Fertigkeiten filtern',
  allCategories: 'Alle Kategorien',
  noCategory: 'Ohne Kategorie',
  inTheRulebook: 'Im Regelwerk',
  card: 'Karte',
  permalinkTo: 'Permalink zu {name}',
  everySkill: 'Alle Fertigkeiten',
  everySkillWith: 'Alle Fertigkeiten mit {list}',
  seeAlso: '; siehe auch den {link}',
  prerequisiteGraphLink: 'Voraussetzungsgraphen',
  graphIntro: 'Ein Pfeil führt von einer Voraussetzung zu der Fertigkeit, die sie verlangt; wähle eine Fertigkeit für ihre Karte. Fertigkeiten ohne Voraussetzungen, die nichts verlangt, sind ausgelassen.',
  graphTitle: 'Voraussetzungsgraph: ein Pfeil führt von einer Voraussetzung zu der Fertigkeit, die sie verlangt',
  searchLabel: 'Regeln und Fertigkeiten durchsuchen',
  searchPlaceholder: 'Suchen…',
  skipToText: 'Zum Text springen',
  siteNavigation: 'Website',
  chapters: 'Kapitel',
  edition: 'Ausgabe {edition}',
  madeWith: 'Erstellt mit Rulebook Studio aus dem Text des Regelwerks selbst.',
  skillCount: { one: '{n} Fertigkeit', other: '{n} Fertigkeiten' },
  noResults: 'Keine Treffer',
  resultCount: { one: '{n} Treffer', other: '{n} Treffer' },
  showingSkills: { one: '{shown} von {n} Fertigkeit', other: '{shown} von {n} Fertigkeiten' },
  goTo: 'Zu {title} →',
  searchUnavailable: 'Die Suche ist nicht verfügbar: {error}',
  rule: 'Regel',
  section: 'Abschnitt',
  skill: 'Fertigkeit',
  indexOfSkills: 'Verzeichnis der Fertigkeiten',
  chapter: 'Kapitel',
  rulebook: 'Regelwerk',
  extract: 'Auszug',
  requires: 'Voraussetzungen',
  continued: 'weiter',
  otherSkills: 'Weitere Fertigkeiten',
  quickReferenceTitle: 'Kurzübersicht: Fertigkeiten',
  quickReference: 'Kurzübersicht',
  needs: 'erfordert {requirements}',
  summary: 'Zusammenfassung',
  characterSheet: 'Charakterbogen',
  pointsSpent: 'Ausgegebene Punkte',
  pointsAvailable: 'Verfügbare Punkte',
  character: 'Charakter',
  player: 'Spieler',
};

const ES: BookVocabulary = {
  contents: 'Índice',
  skills: 'Habilidades',
  colon: ':',
  skillCards: 'Fichas de habilidades',
  prerequisiteGraph: 'Grafo de requisitos',
  whatChanged: 'Cambios',
  whatChangedSince: 'Cambios desde {label}',
  name: 'Nombre',
  cost: 'Coste',
  category: 'Categoría',
  prerequisites: 'Requisitos',
  requiredBy: 'Requerida por',
  filterSkills: 'Filtrar habilidades',
  allCategories: 'Todas las categorías',
  noCategory: 'Sin categoría',
  inTheRulebook: 'En el reglamento',
  card: 'ficha',
  permalinkTo: 'Enlace permanente a {name}',
  everySkill: 'Todas las habilidades',
  everySkillWith: 'Todas las habilidades, con {list}',
  seeAlso: '; véase también el {link}',
  prerequisiteGraphLink: 'grafo de requisitos',
  graphIntro: 'Una flecha va de un requisito a la habilidad que lo exige; elige una habilidad para ver su ficha. Se omiten las habilidades sin requisitos que nada exige.',
  graphTitle: 'Grafo de requisitos: una flecha va de un requisito a la habilidad que lo exige',
  searchLabel: 'Buscar en las reglas y habilidades',
  searchPlaceholder: 'Buscar…',
  skipToText: 'Ir al texto',
  siteNavigation: 'Sitio',
  chapters: 'Capítulos',
  edition: 'edición {edition}',
  madeWith: 'Hecho con Rulebook Studio a partir del propio texto del reglamento.',
  skillCount: { one: '{n} habilidad', other: '{n} habilidades' },
  noResults: 'Sin resultados',
  resultCount: { one: '{n} resultado', other: '{n} resultados' },
  showingSkills: { one: '{shown} de {n} habilidad', other: '{shown} de {n} habilidades' },
  goTo: 'Ir a {title} →',
  searchUnavailable: 'La búsqueda no está disponible: {error}',
  rule: 'Regla',
  section: 'Sección',
  skill: 'Habilidad',
  indexOfSkills: 'Índice de habilidades',
  chapter: 'Capítulo',
  rulebook: 'Reglamento',
  extract: 'Extracto',
  requires: 'Requisitos',
  continued: 'sigue',
  otherSkills: 'Otras habilidades',
  quickReferenceTitle: 'Referencia rápida: habilidades',
  quickReference: 'Referencia rápida',
  needs: 'requiere {requirements}',
  summary: 'Resumen',
  characterSheet: 'Hoja de personaje',
  pointsSpent: 'Puntos gastados',
  pointsAvailable: 'Puntos disponibles',
  character: 'Personaje',
  player: 'Jugador',
};

const RU: BookVocabulary = {
  contents: 'Содержание',
  skills: 'Навыки',
  colon: ':',
  skillCards: 'Карточки навыков',
  prerequisiteGraph: 'Граф требований',
  whatChanged: 'Изменения',
  whatChangedSince: 'Изменения с версии {label}',
  name: 'Название',
  cost: 'Стоимость',
  category: 'Категория',
  prerequisites: 'Требования',
  requiredBy: 'Нужен для',
  filterSkills: 'Отбор навыков',
  allCategories: 'Все категории',
  noCategory: 'Без категории',
  inTheRulebook: 'В книге правил',
  card: 'карточка',
  permalinkTo: 'Постоянная ссылка на {name}',
  everySkill: 'Все навыки',
  everySkillWith: 'Все навыки: {list}',
  seeAlso: '; см. также {link}',
  prerequisiteGraphLink: 'граф требований',
  graphIntro: 'Стрелка ведёт от требования к навыку, которому оно нужно; выберите навык, чтобы открыть его карточку. Навыки без требований, которые ничему не нужны, не показаны.',
  graphTitle: 'Граф требований: стрелка ведёт от требования к навыку, которому оно нужно',
  searchLabel: 'Поиск по правилам и навыкам',
  searchPlaceholder: 'Поиск…',
  skipToText: 'Перейти к тексту',
  siteNavigation: 'Сайт',
  chapters: 'Главы',
  edition: 'издание {edition}',
  madeWith: 'Сделано в Rulebook Studio из текста самой книги правил.',
  skillCount: { one: '{n} навык', few: '{n} навыка', many: '{n} навыков', other: '{n} навыка' },
  noResults: 'Ничего не найдено',
  resultCount: { one: '{n} результат', few: '{n} результата', many: '{n} результатов', other: '{n} результата' },
  showingSkills: { one: 'Показано {shown} из {n}', other: 'Показано {shown} из {n}' },
  goTo: 'Перейти: {title} →',
  searchUnavailable: 'Поиск недоступен: {error}',
  rule: 'Правило',
  section: 'Раздел',
  skill: 'Навык',
  indexOfSkills: 'Указатель навыков',
  chapter: 'Глава',
  rulebook: 'Книга правил',
  extract: 'Выдержка',
  requires: 'Требования',
  continued: 'далее',
  otherSkills: 'Прочие навыки',
  quickReferenceTitle: 'Краткая справка: навыки',
  quickReference: 'Краткая справка',
  needs: 'нужно: {requirements}',
  summary: 'Кратко',
  characterSheet: 'Лист персонажа',
  pointsSpent: 'Потрачено очков',
  pointsAvailable: 'Доступно очков',
  character: 'Персонаж',
  player: 'Игрок',
};

const VOCABULARIES: Readonly<Record<string, BookVocabulary>> = { en: EN, fr: FR, de: DE, es: ES, ru: RU };

/** `language` as a well-formed BCP 47 tag ("fr", "en-GB", "de-AT"; "EN-gb" written so), or null for anything else. */
function languageTag(language: string | null): string | null {
  if (!language) return null;
  try {
    return Intl.getCanonicalLocales(language)[0] ?? null;
  } catch {
    return null; // "Français", "fr-12": no tag Intl can use
  }
}

/** The website's words for a language tag ("fr", "de-AT"), with its counts and lists; English for any other. */
export class BookWords {
  readonly lang: string;
  readonly words: BookVocabulary;
  private readonly plurals: Intl.PluralRules | null;
  private readonly lists: Intl.ListFormat | null;

  constructor(language: string | null) {
    const tag = languageTag(language);
    this.words = VOCABULARIES[tag?.toLowerCase().split('-')[0] ?? 'en'] ?? EN;
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

  /**
   * What the site's script says, for the page to hand it (each count in every form, for the script to choose). An
   * English page hands nothing: the script's own words are these.
   */
  scriptWords(): Record<string, unknown> {
    const { noResults, resultCount, showingSkills, goTo, searchUnavailable, rule, section, skill } = this.words;
    return { lang: this.lang, noResults, resultCount, showingSkills, goTo, searchUnavailable, kinds: { rule, section, skill } };
  }
}

/** The words of a book's `language:` setting. */
export function wordsOfBook(config: RulebookConfig): BookWords {
  return new BookWords(bookLanguage(config));
}

/** `template` with each `{key}` replaced by its value. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
