/** Text to match literally inside a regular expression built at run time (a settings key, a label, a link pattern). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
