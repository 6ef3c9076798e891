/**
 * What a skill heading carries after its name, read by the parser and by `rulebook init` alike: a bracketed type
 * ("Power Attack [General]") or an italic kind and level ("*Feat 10*"), and tiers ("Lethal Strike (I - III)"), in
 * that order from the end.
 */
export const TYPE_TAG = new RegExp(
  [
    String.raw`[ \t]*\[[^\]\n]{1,40}\][ \t]*$`,
    // "Courageous Assault [>](…#Actions "Single Action") *Feat 10*" (the Pathfinder 2e SRD for Obsidian): the action's
    // icons as links, then the kind and level in italics.
    String.raw`(?:[ \t]+\[[^\]\n]{1,8}\]\([^)\n]{0,300}\))*[ \t]+([*_])[A-Z][A-Za-z]{1,15}(?:[ \t]+\d{1,2}\+?)?\1[ \t]*$`,
  ].join('|'),
);
/** "Lethal Strike (I - III)", "Rage (I-V)": the tiers a skill is bought in. */
export const TIERS_IN_TITLE = /[ \t]*\([ \t]*([IVX]{1,6})[ \t]*(?:[-–—]|to)[ \t]*([IVX]{1,6})[ \t]*\)[ \t]*$/;

/** The name a requirement writes for a heading: "Power Attack [General]" → "Power Attack", "Lethal Strike (I - III)" → "Lethal Strike". */
export function titleWithoutTagAndTiers(title: string): string {
  return title.replace(TYPE_TAG, '').replace(TIERS_IN_TITLE, '');
}
