/**
 * The quick reference's one-glance reminder of what a skill does: the first sentence that tells it apart from every
 * other skill (three Energy Balls all open "This spell only affects single targets."; what each does comes later), or
 * a field that does (`Effect:`, `Special:`, `Range:`), with the boilerplate every entry repeats ("With this skill a
 * character can…") taken off the front. Ranks of a series that share their only description say which rank they are,
 * and other skills that share theirs say the words of their names that differ.
 */
import { rulesDescribing, sectionDescribing, seriesName, type DescribedRegion } from '../link/descriptions.js';
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource, Skill } from '../model/types.js';
import { plainText } from './inline.js';
import { FileProse } from './prose-blocks.js';
import { blockShortcodeMasks } from './shortcodes.js';

const WHO = String.raw`(?:a|the|any)\s+(?:character|player|user|caster|wielder|bearer)s?`;
const CAN = String.raw`(?:can|may|is\s+able\s+to|will\s+be\s+able\s+to|gains?\s+the\s+ability\s+to)`;
const ALLOWS = String.raw`(?:allows?|lets?|enables?|permits?)`;

/**
 * Openings that say only "this skill lets you": what follows them is the reminder. Each ends where the
 * verb of the skill begins ("use any weapon…", "stabilize others…").
 */
const BOILERPLATE: readonly RegExp[] = [
  // "With this skill a character can…", "With the acquisition of this Guild skill, the character can…",
  // "With this skill and lockpicking tools, characters can…", "With this skill the character now takes…"
  new RegExp(String.raw`^with\s+(?:the\s+acquisition\s+of\s+)?this\s+(?:\w+\s+)?(?:skill|spell|ability)(?:\s+and\s+[^,]{1,60})?,?\s+(?:${WHO}|characters|players|you)\s+(?:now\s+)?(?:${CAN}\s+|(?!(?:is|are|was|were|has|have|must|will|would|should|shall|can|may|needs?)\b))(?=[a-z])`, 'i'),
  // "Allows the character to…", "This skill allows a character to…"
  new RegExp(String.raw`^(?:this\s+(?:\w+\s+)?(?:skill|spell|ability)\s+)?${ALLOWS}\s+(?:${WHO}|characters|players|you)\s+to\s+`, 'i'),
  // "This skill gives the character 1 additional Health Point." → "Gives the character…"
  /^this\s+(?:\w+\s+)?(?:skill|spell|ability)\s+(?=(?:gives|grants|adds|increases|reduces|doubles|halves|removes|protects|heals|lets|makes)\b)/i,
];

/** Asides in parentheses ("(see more in “Chapter 8”)", "(I.E. Fibreglass…)"): the book has them, a reminder needs none. */
const ASIDE = /\s*\([^()]*\)/g;

/**
 * The skill's summary, told apart from every other skill's of the book (computed for the whole book once). `source`,
 * the texts the book was read from, lets a table skill be summed up from the section that explains it.
 */
export function skillSummary(linked: LinkedRulebook, skill: Skill, source?: RulebookSource): string {
  let all = summariesByBook.get(linked);
  if (!all) summariesByBook.set(linked, (all = bookSummaries(linked, source ? sectionProse(source) : () => '')));
  return all.get(skill.id) ?? '';
}

/** The plain text of a region's paragraphs, each file read once. */
function sectionProse(source: RulebookSource): (region: DescribedRegion) => string {
  const readers = new Map<string, FileProse>();
  return (region) => {
    let reader = readers.get(region.file);
    if (!reader) {
      const text = source.files.find((f) => f.path === region.file)?.text ?? '';
      readers.set(region.file, (reader = new FileProse(text, blockShortcodeMasks(text))));
    }
    return reader
      .read(region.start, region.end)
      .flatMap((block) => (block.kind === 'paragraph' ? [plainText(block.runs)] : []))
      .join(' ');
  };
}

const summariesByBook = new WeakMap<LinkedRulebook, Map<string, string>>();

/** Fields that say what a skill does, best first; `Effect:` and `Description:` print as their value alone. */
const SUMMARY_FIELDS = ['effect', 'description', 'special', 'damage', 'range', 'duration', 'target', 'targets', 'area'];
/** Sentences of a skill's text looked at for one that is its own: a summary is near the start or nowhere. */
const MAX_SENTENCES = 8;

/**
 * What a skill's summary may be, best first: the sentences of its text, then of the first rule that describes it (a
 * table skill's), then its fields that say what it does.
 */
function candidates(linked: LinkedRulebook, skill: Skill, prose: (region: DescribedRegion) => string): string[] {
  // A table row's own few words first ("3 points damage total"), then what the rules about the skill say, then the
  // section under its name.
  const rule = rulesDescribing(linked, skill)[0];
  const section = sectionDescribing(linked, skill);
  const sentences = [
    ...sentencesOf(skill.text),
    ...(rule ? sentencesOf(rule.text).map((sentence, i) => (i === 0 ? aboutTheSkill(skill, sentence) : sentence)) : []),
    ...(section ? sentencesOf(prose(section)) : []),
  ];
  const fields = SUMMARY_FIELDS.flatMap((wanted) =>
    skill.fields.filter((f) => f.name.trim().toLowerCase() === wanted && f.value.trim() !== '').map((f) => (wanted === 'effect' || wanted === 'description' ? capitalise(f.value.trim()) : `${f.name.trim()}: ${f.value.trim()}`)),
  );
  const all = [...sentences.map((s) => withoutAsides(withoutBoilerplate(s))), ...fields].filter((c) => /[\p{L}\p{N}]/u.test(c));
  return [...new Set(all)];
}

/**
 * Every skill's summary: first the skills with a candidate no other skill has, then the rest with the first candidate
 * no skill took yet; a rank whose only candidates its series shares (Alchemy 1–5, one rule for all) says its rank.
 */
function bookSummaries(linked: LinkedRulebook, prose: (region: DescribedRegion) => string): Map<string, string> {
  const skills = linked.model.skills;
  const lists = new Map(skills.map((skill) => [skill.id, candidates(linked, skill, prose)]));
  const holders = new Map<string, number>();
  for (const list of lists.values()) for (const c of list) holders.set(c, (holders.get(c) ?? 0) + 1);
  const chosen = new Map<string, string>();
  const taken = new Set<string>();
  const choose = (skill: Skill, summary: string) => {
    chosen.set(skill.id, summary);
    taken.add(summary);
  };
  for (const skill of skills) {
    const own = lists.get(skill.id)!.find((c) => holders.get(c) === 1);
    if (own !== undefined) choose(skill, own);
  }
  for (const skill of skills) {
    if (chosen.has(skill.id)) continue;
    const list = lists.get(skill.id)!;
    const series = seriesName(skill.name);
    if (list.length === 0) chosen.set(skill.id, '');
    else if (series !== null) chosen.set(skill.id, `Rank ${skill.name.slice(series.length).replace(/[()\s]/g, '')}: ${list[0]}`);
    else {
      const free = list.find((c) => !taken.has(c));
      choose(skill, free ?? list[0]);
    }
  }
  tellApart(skills, chosen);
  return chosen;
}

/**
 * Skills the book describes in the very same words and nothing more (Novitas' Melee Expert and Missile Expert are
 * both "3 points damage total") are told apart by the words of their names they do not share: "Melee: 3 points…".
 */
function tellApart(skills: readonly Skill[], chosen: Map<string, string>): void {
  const holders = new Map<string, Skill[]>();
  for (const skill of skills) {
    const summary = chosen.get(skill.id);
    if (summary) holders.set(summary, [...(holders.get(summary) ?? []), skill]);
  }
  for (const [summary, group] of holders) {
    if (group.length < 2) continue;
    const names = group.map((skill) => skill.name.split(/\s+/));
    group.forEach((skill, i) => {
      const own = names[i].filter((word) => !names.every((other) => other.includes(word)));
      if (own.length) chosen.set(skill.id, `${own.join(' ')}: ${summary}`);
    });
  }
}

export function withoutAsides(sentence: string): string {
  const plain = sentence.replace(ASIDE, '').replace(/\s+([.,;:!?])/g, '$1').trim();
  return /[\p{L}\p{N}]/u.test(plain) ? plain : sentence;
}

/** Abbreviations whose dot ends no sentence: "I.E.", "e.g.", "etc.", "approx.", "ft.". */
const ABBREVIATION = /(?:^|[\s(])(?:(?:[a-z]\.)+|etc\.|approx\.|vs\.|ft\.|min\.|max\.|no\.|cf\.)$/i;

/** A summary is one line: no first sentence worth printing is longer, and a bound keeps a huge entry cheap. */
const MAX_SENTENCE = 600;

/** The first sentences of a text (MAX_SENTENCES at most), each at most MAX_SENTENCE characters. */
function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let rest = text.slice(0, MAX_SENTENCE * MAX_SENTENCES).replace(/\s+/g, ' ').trim();
  while (rest !== '' && sentences.length < MAX_SENTENCES) {
    const sentence = firstSentence(rest);
    sentences.push(sentence);
    rest = rest.slice(sentence.length).trim();
  }
  return sentences;
}

function firstSentence(text: string): string {
  const flat = text.slice(0, MAX_SENTENCE);
  // A sentence ends at . ! or ? before a space and a capital, outside parentheses and not after an abbreviation.
  const end = /[.!?](?=\s+["“(]?[A-Z0-9])/g;
  for (let m = end.exec(flat); m; m = end.exec(flat)) {
    const sentence = flat.slice(0, m.index + 1);
    if (ABBREVIATION.test(sentence)) continue;
    if ((sentence.match(/\(/g)?.length ?? 0) > (sentence.match(/\)/g)?.length ?? 0)) continue;
    return sentence;
  }
  return flat;
}

/**
 * "Estimate Value allows the character to appraise…" → "Allows the character to appraise…": the table row
 * names the skill (or its series: "Alchemy permits…" for Alchemy 3). "Druid is a roleplaying skill…" stays
 * whole: without its subject it would not read.
 */
function aboutTheSkill(skill: Skill, sentence: string): string {
  for (const name of [skill.name, seriesName(skill.name)]) {
    if (!name || !sentence.startsWith(`${name} `)) continue;
    const rest = sentence.slice(name.length + 1);
    return /^(?:is|are|was|were|has|have)\b/.test(rest) ? sentence : capitalise(rest);
  }
  return sentence;
}

export function withoutBoilerplate(sentence: string): string {
  for (const pattern of BOILERPLATE) {
    const m = pattern.exec(sentence);
    // Keep the sentence whole if nothing of substance would be left.
    if (m && sentence.length - m[0].length > 3) return capitalise(sentence.slice(m[0].length));
  }
  return sentence;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
