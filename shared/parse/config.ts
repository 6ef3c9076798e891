/** Front matter and rulebook.yaml into RulebookConfig; problems become diagnostics with the line at fault. */
import { parseDocument, type YAMLError } from 'yaml';
import type { LintRuleConfig, NumberingConfig, RulebookConfig } from '../model/types.js';
import { readLayout } from '../layout/read.js';
import { bookLanguage } from '../model/book-language.js';
import { defaultLayout } from '../model/layout.js';
import { readingWords } from '../model/reading-words.js';
import { DEFAULT_COST_UNITS } from './costs.js';
import { readCharacterRules } from '../characters/settings.js';
import { readPrintSettings, readSheetSettings } from '../publish/print-settings.js';

export interface YamlResult {
  readonly data: Record<string, unknown> | null;
  /** The first problem: message and 0-based offset into the YAML text. */
  readonly error: { readonly message: string; readonly offset: number } | null;
}

export function parseYaml(text: string): YamlResult {
  // logLevel error: a key that is a list or mapping is a setting no one has, not a warning on the terminal.
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const first: YAMLError | undefined = doc.errors[0];
  if (first) return { data: null, error: { message: first.message.split('\n')[0], offset: first.pos[0] } };
  let value: unknown;
  try {
    // toJS throws on an alias without its anchor, or on too many aliases (a "billion laughs" document).
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { data: null, error: { message: error instanceof Error ? error.message : String(error), offset: 0 } };
  }
  if (value === null || value === undefined) return { data: {}, error: null };
  if (typeof value !== 'object' || Array.isArray(value)) return { data: null, error: { message: 'expected a mapping of settings (key: value)', offset: 0 } };
  return { data: value as Record<string, unknown>, error: null };
}

/** Front matter: a `---` line at the very start, YAML, and a closing `---` or `...` line. */
export function splitFrontMatter(text: string): { yaml: string; yamlOffset: number; bodyOffset: number } | null {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return null;
  const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;
  close.lastIndex = 0;
  // Front matter is a few settings: looking for its end past 64 KB would only re-scan the whole book on every edit.
  const rest = text.slice(open[0].length, open[0].length + 65536);
  const m = close.exec(rest);
  if (!m) return null;
  return { yaml: rest.slice(0, m.index), yamlOffset: open[0].length, bodyOffset: open[0].length + m.index + m[0].length };
}

export interface ConfigProblem {
  readonly key: string;
  readonly message: string;
}

const KNOWN_KEYS = new Set(['title', 'edition', 'date', 'costUnits', 'conditions', 'lint', 'numbering', 'files', 'layout', 'characters', 'sheet']);

function stringList(data: Record<string, unknown>, key: string, problems: ConfigProblem[]): string[] | null {
  const value = data[key];
  if (value === undefined || value === null) return null;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
    problems.push({ key, message: `\`${key}\` must be a list of strings` });
    return null;
  }
  return list.map(String);
}

function text(data: Record<string, unknown>, key: string, problems: ConfigProblem[]): string | null {
  const value = data[key];
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  problems.push({ key, message: `\`${key}\` must be text` });
  return null;
}

function numbering(data: Record<string, unknown>, problems: ConfigProblem[]): NumberingConfig {
  const value = data.numbering;
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ key: 'numbering', message: '`numbering` must be a mapping' });
    return {};
  }
  const n = value as Record<string, unknown>;
  return {
    skipLetters: stringList(n, 'skipLetters', problems) ?? undefined,
    hundredsSections: n.hundredsSections === true,
    allowGaps: stringList(n, 'allowGaps', problems)?.map((g) => g.replace(/\.$/, '')) ?? undefined,
  };
}

function lint(data: Record<string, unknown>, problems: ConfigProblem[]): Record<string, LintRuleConfig> {
  const value = data.lint;
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ key: 'lint', message: '`lint` must be a mapping of rule ids to severities' });
    return {};
  }
  return value as Record<string, LintRuleConfig>;
}

/** Builds the config from the manifest (or the single file's front matter) plus chapter front matter. */
export function buildConfig(
  main: Record<string, unknown> | null,
  chapters: ReadonlyArray<Record<string, unknown>>,
  problems: ConfigProblem[],
): RulebookConfig {
  const data = main ?? {};
  const units = new Set(stringList(data, 'costUnits', problems) ?? DEFAULT_COST_UNITS);
  const conditions = new Set(stringList(data, 'conditions', problems) ?? []);
  for (const chapter of chapters) {
    for (const unit of stringList(chapter, 'costUnits', problems) ?? []) units.add(unit);
    for (const condition of stringList(chapter, 'conditions', problems) ?? []) conditions.add(condition);
  }
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!KNOWN_KEYS.has(key)) extra[key] = value;
  const layout = readLayout(data.layout, defaultLayout(readingWords(bookLanguage({ extra }))));
  for (const problem of layout.problems) problems.push(problem);
  const characters = readCharacterRules(data.characters, problems);
  const print = readPrintSettings(data.print, problems);
  const sheet = readSheetSettings(data.sheet, problems);
  return {
    title: text(data, 'title', problems),
    edition: text(data, 'edition', problems),
    date: text(data, 'date', problems),
    costUnits: [...units],
    conditions: [...conditions],
    lint: lint(data, problems),
    numbering: numbering(data, problems),
    files: stringList(data, 'files', problems),
    layout: layout.layout,
    ...(characters ? { characters } : {}),
    ...(print ? { print } : {}),
    ...(sheet ? { sheet } : {}),
    extra,
  };
}
