/**
 * Where a `lint:` setting is written, so a finding about a bad setting points at its key in rulebook.yaml or the
 * front matter rather than at the top of the file: the parser's own reading of where settings live and where a key
 * stands (shared/parse/setting-place.ts), asked when the caller hands over the rulebook's source.
 */
import type { Rulebook, RulebookSource, SourceRange } from '../model/types.js';
import { parseYaml } from '../parse/config.js';
import { Locator } from '../parse/locator.js';
import { settingPlace, settingsText } from '../parse/setting-place.js';

/**
 * The range of rule `id`'s key under `lint:` (block or flow style), else of the `lint` key, else the start of the
 * settings; null when the source does not hold the settings (the caller falls back).
 */
export function lintSettingPlace(model: Rulebook, source: RulebookSource | undefined, id: string): SourceRange | null {
  if (!source) return null;
  // The same choice the parser made: rulebook.yaml when it reads, else the first front matter that does.
  const home = settingsText(source, (i) => (i < 0 ? parseYaml(source.manifest!.text).data !== null : model.files.find((f) => f.path === source.files[i].path)?.frontMatter != null));
  if (!home) return null;
  const place = settingPlace(home.text, home.from, home.to, ['lint', id]) ?? { start: home.from, end: home.from };
  return new Locator(home.path, home.text).range(place.start, place.end);
}
