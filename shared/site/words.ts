/**
 * The website's own words (its navigation, headings, table columns, search and footer) in the book's language: a
 * French book's site says "Sommaire" and "Compétences", not "Contents" and "Skills". The book's text is its own;
 * these are the words around it. English, French, German, Spanish and Russian; any other language is English.
 * Counts take the language's plural forms (Intl.PluralRules: Russian has three), lists its conjunction (Intl.ListFormat).
 */
import { thousands, wordList } from '../model/plural.js';

/** A count's wording in each plural form the language has, `{n}` standing for the count ("{n} skills"). */
type Counted = { readonly other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

interface Vocabulary {
  readonly contents: string;
  readonly skills: string;
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
}

const EN: Vocabulary = {
  contents: 'Contents',
  skills: 'Skills',
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
};

const FR: Vocabulary = {
  contents: 'Sommaire',
  skills: 'Compétences',
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
};

const DE: Vocabulary = {
  nounsCapitalised: true,
  contents: 'Inhalt',
  skills: 'Fertigkeiten',
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
};

const ES: Vocabulary = {
  contents: 'Índice',
  skills: 'Habilidades',
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
};

const RU: Vocabulary = {
  contents: 'Содержание',
  skills: 'Навыки',
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
};

const VOCABULARIES: Readonly<Record<string, Vocabulary>> = { en: EN, fr: FR, de: DE, es: ES, ru: RU };

/** A BCP 47 tag as written ("fr", "en-GB", "de-AT"). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** The website's words for a language tag ("fr", "de-AT"), with its counts and lists; English for any other. */
export class SiteWords {
  readonly lang: string;
  readonly words: Vocabulary;
  private readonly plurals: Intl.PluralRules | null;
  private readonly lists: Intl.ListFormat | null;

  constructor(language: string | null) {
    const tag = language !== null && LANGUAGE_TAG.test(language) ? language : null;
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

/** `template` with each `{key}` replaced by its value. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
