/**
 * What a skill heading carries after its name, read by the parser and by `rulebook init` alike: a bracketed type
 * ("Power Attack [General]") and tiers ("Lethal Strike (I - III)"), in that order from the end.
 */
export const TYPE_TAG = /[ \t]*\[[^\]\n]{1,40}\][ \t]*$/;
/** "Lethal Strike (I - III)", "Rage (I-V)": the tiers a skill is bought in. */
export const TIERS_IN_TITLE = /[ \t]*\([ \t]*([IVX]{1,6})[ \t]*(?:[-–—]|to)[ \t]*([IVX]{1,6})[ \t]*\)[ \t]*$/;

/** The name a requirement writes for a heading: "Power Attack [General]" → "Power Attack", "Lethal Strike (I - III)" → "Lethal Strike". */
export function titleWithoutTagAndTiers(title: string): string {
  return title.replace(TYPE_TAG, '').replace(TIERS_IN_TITLE, '');
}
