/**
 * Links whose target is a site generator's shortcode: `[Florentine]({{< relref "#florentine" >}})` (Hugo's ref and
 * relref, with `<` or `%`). CommonMark sees no link there (the target holds spaces), so the parser and the print
 * reader find them by this one pattern. Groups: 1 the link text, 2 the whole shortcode, 3 the target inside it.
 */
export const SHORTCODE_LINK_SOURCE = String.raw`\[([^\]\n]{1,200})\]\((\{\{[<%][ \t]*(?:rel)?ref[ \t]+"([^"\n]{0,300})"[ \t]*[>%]\}\})\)`;

/** Every shortcode link of a text (global: reset lastIndex before each search). */
export const SHORTCODE_LINK = new RegExp(SHORTCODE_LINK_SOURCE, 'g');

/** A shortcode link at the start of a text. */
export const SHORTCODE_LINK_AT_START = new RegExp(`^${SHORTCODE_LINK_SOURCE}`);
