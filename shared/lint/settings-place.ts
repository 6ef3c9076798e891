/**
 * Where a `lint:` setting is written, so a finding about a bad setting points at its key in rulebook.yaml
 * or the front matter rather than at the top of the file. The model keeps no positions for settings,
 * so this reads the settings text itself when the caller hands over the rulebook's source.
 */
import type { Rulebook, RulebookSource, SourceRange } from '../model/types.js';
import { escapeRegExp } from '../parse/regexp.js';

/** The text that holds the rulebook's settings, and the part of it that is settings (front matter only). */
interface SettingsText {
  readonly file: string;
  readonly text: string;
  readonly end: number;
}

/** Mirrors the parser's choice: rulebook.yaml, else the only file's front matter, else the first front matter. */
function settingsText(model: Rulebook, source: RulebookSource): SettingsText | null {
  if (source.manifest) return { file: source.manifest.path, text: source.manifest.text, end: source.manifest.text.length };
  const home = model.files.length === 1 ? model.files[0] : model.files.find((f) => f.frontMatter !== null);
  if (!home?.frontMatterRange) return null;
  const text = source.files.find((f) => f.path === home.path)?.text;
  return text === undefined ? null : { file: home.path, text, end: home.frontMatterRange.end.offset };
}

function rangeAt(file: string, text: string, from: number, to: number): SourceRange {
  const point = (offset: number) => {
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return { line, column: offset - lineStart + 1, offset };
  };
  return { file, start: point(from), end: point(to) };
}

/**
 * The range of rule `id`'s key under `lint:` (block or flow style), else of the `lint` key, else the
 * start of the settings; null when the source does not hold the settings (the caller falls back).
 */
export function settingPlace(model: Rulebook, source: RulebookSource | undefined, id: string): SourceRange | null {
  if (!source) return null;
  const home = settingsText(model, source);
  if (!home) return null;
  const settings = home.text.slice(0, home.end);
  const lintKey = /^lint[ \t]*:/m.exec(settings);
  if (!lintKey) return rangeAt(home.file, home.text, 0, 0);
  // The lint block runs until the next line that starts at column 1 with something other than a comment.
  const after = lintKey.index + lintKey[0].length;
  const next = /\n(?=[^\s#])/.exec(settings.slice(after));
  const blockEnd = next ? after + next.index : settings.length;
  const block = settings.slice(after, blockEnd);
  const key = new RegExp(`(^|[\\s{,])(["']?)(${escapeRegExp(id)})\\2[ \\t]*:`, 'm').exec(block);
  if (!key) return rangeAt(home.file, home.text, lintKey.index, lintKey.index + 4);
  const start = after + key.index + key[1].length + key[2].length;
  return rangeAt(home.file, home.text, start, start + id.length);
}
