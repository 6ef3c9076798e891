/**
 * Hollow Vale, a small LARP rulebook kept as an Obsidian vault, in our own words: pages linked by path, by heading, by
 * a bare name (`[[serrated]]` for Traits/serrated.md), a skill by its name, a Markdown link naming a heading by its
 * words, and two pages named Rivers in different folders. The language service's tests and the language server's read it.
 */

/** The home page (Home.md). Line 3: a page and a heading of another; 4: a bare page name and a skill; 5: a heading of this page and a Markdown link; 7: ## Safety. */
export const HOLLOW_VALE_HOME = `# Hollow Vale

Start with [[Guilds/Smiths|the smiths]] or read [[Lore/Rivers#Crossing]].
A blade may be [[serrated]]. Smiths teach [[Forge Sense]] first.
Keep to [[#Safety]] and learn the [calls](Guilds/Smiths.md#Calls%20and%20Signals).

## Safety

Stop play with a raised fist.
`;

/** Guilds/Smiths.md: a heading skill (line 7), and a lint comment and emphasis in the first lines of ## Calls and Signals (line 12). */
const SMITHS = `# Smiths

The smiths keep the fire of the vale.

## Skills

### Forge Sense
Cost: 1 CP

Tell good iron from bad.

## Calls and Signals

<!-- lint ignore numbering-gap -->
Three strikes on the **anvil** call the hall to order.
`;

const LORE_RIVERS = `# Rivers of the Vale

Cold water runs down from the peaks.

## Crossing

Ford only at the marked stones.
`;

/** Guilds/Rivers.md, the other page named Rivers, with a numbered heading (line 5), which a wiki link names as written. */
const GUILD_RIVERS = `# River Guild

Ferrymen and their tolls.

## 2 - Tolls

One copper a crossing.
`;

const SERRATED = `# Serrated

A serrated edge bleeds the foe for one more call.
`;

export const HOLLOW_VALE: Readonly<Record<string, string>> = {
  'Home.md': HOLLOW_VALE_HOME,
  'Guilds/Smiths.md': SMITHS,
  'Lore/Rivers.md': LORE_RIVERS,
  'Guilds/Rivers.md': GUILD_RIVERS,
  'Traits/serrated.md': SERRATED,
};

/** rulebook.yaml listing the files in order. */
export function vaultManifest(files: Readonly<Record<string, string>>): string {
  return `title: Hollow Vale\nfiles:\n${Object.keys(files).map((f) => `  - ${f}\n`).join('')}`;
}

/** Hollow Vale with front-matter aliases: two for the rivers page, and one that is the trait page's own name. */
export const HOLLOW_VALE_ALIASED: Readonly<Record<string, string>> = {
  ...HOLLOW_VALE,
  'Lore/Rivers.md': `---\naliases: [The Cold Waters, Fords]\n---\n${LORE_RIVERS}`,
  'Traits/serrated.md': `---\naliases: serrated\n---\n${SERRATED}`,
};

/** Files beside Hollow Vale's pages: pictures (two named vale.png, one ending in capitals), and two that are not pictures. */
export const HOLLOW_VALE_OTHER_FILES: readonly string[] = ['Maps/vale.png', 'Maps/old/vale.png', 'Guilds/anvil.JPG', 'Maps/legend.svg', 'Maps/notes.txt', 'scan.pdf'];
