/**
 * The language a book is written in, read from its text by franc (trigram statistics over 82 languages), as the BCP 47
 * tag `language:` takes ("fr" for a French book): what the PDFs hyphenate by and the website's and handouts' own words
 * are in (shared/model/book-words.ts). English, the product's own, needs no setting.
 */
import { franc } from 'franc-min';
import { iso6393To1 } from 'iso-639-3/iso6393-to-1.js';
import type { RulebookSource } from '../model/types.js';
import { parseYaml, splitFrontMatter } from '../parse/config.js';

/** Enough text for trigrams to tell a language: the opening of each file, up to this much in all. */
const SAMPLE = 40_000;
const PER_FILE = 4_000;
/** Less prose than this, and a guess is no better than chance (a skills list of names and numbers). */
const MIN_TEXT = 300;

export interface InferredLanguage {
  /** The BCP 47 tag: "fr", "de", "ru". */
  readonly tag: string;
  /** Its name in English, for the reason init gives: "French". */
  readonly name: string;
}

/**
 * franc reads the first 2,048 characters of what it is given and no more: one guess over the whole sample is a guess
 * over the first file's opening, and a translated book often opens with its licence in English (the Russian Basic
 * Roleplaying SRD) or a character sheet's styles. The sample is judged in windows of that size, each a vote as long as
 * its prose, and the language of most of the prose wins.
 */
const FRANC_WINDOW = 2_048;

/**
 * franc names some languages by an individual code that has no two-letter tag (Mandarin, `cmn`), where BCP 47 writes
 * the macrolanguage's (`zh`): those of franc-min's languages, by their macrolanguage in ISO 639-3.
 */
const MACROLANGUAGE_OF: Readonly<Record<string, string>> = { cmn: 'zh', arb: 'ar', pes: 'fa', swh: 'sw', uzn: 'uz', zlm: 'ms', npi: 'ne', azj: 'az', plt: 'mg', pbu: 'ps' };

/** The book's language when it is not English and its text says so clearly; null otherwise. */
export function inferLanguage(source: RulebookSource): InferredLanguage | null {
  let sample = '';
  for (const file of source.files) {
    if (sample.length >= SAMPLE) break;
    const body = file.text.slice(splitFrontMatter(file.text)?.bodyOffset ?? 0);
    // Markup, styles, scripts and code say nothing of the language: only letters and the spaces between words count.
    const text = body.replace(/```[\s\S]*?```/g, ' ').replace(/<(style|script)\b[\s\S]*?<\/\1>/gi, ' ').replace(/\]\([^)]*\)|<[^>]*>/g, ' ');
    sample += ` ${text.slice(0, PER_FILE)}`;
  }
  const prose = sample.replace(/[^\p{L}\s]+/gu, ' ').replace(/\s+/g, ' ').trim();
  if (prose.length < MIN_TEXT) return null;
  const votes = new Map<string, number>();
  for (let at = 0; at < prose.length; at += FRANC_WINDOW) {
    const window = prose.slice(at, at + FRANC_WINDOW);
    // A short last window is counted with the one before it, which it may tip but not outvote.
    if (window.length < MIN_TEXT && at > 0) continue;
    const guess = franc(window, { minLength: MIN_TEXT });
    if (guess !== 'und') votes.set(guess, (votes.get(guess) ?? 0) + window.length);
  }
  const [best] = [...votes].sort((a, b) => b[1] - a[1]);
  const tag = best ? (iso6393To1[best[0]] ?? MACROLANGUAGE_OF[best[0]]) : undefined;
  if (!tag || tag === 'en') return null;
  return { tag, name: new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag };
}

/** The `language:` the book already sets: in rulebook.yaml, or a one-file book's front matter. Null when none. */
export function declaredLanguage(source: RulebookSource): string | null {
  const front = source.files.length === 1 ? splitFrontMatter(source.files[0].text) : null;
  const yaml = source.manifest?.text ?? front?.yaml;
  const language = yaml === undefined ? undefined : parseYaml(yaml).data?.language;
  return typeof language === 'string' && language.trim() !== '' ? language.trim() : null;
}
