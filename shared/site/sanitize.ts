/**
 * The one sanitising policy for a rulebook's text shown as HTML (the app's Preview and the exported website): a
 * rulebook is untrusted, so no script, no raw HTML, no images or other remote content, only safe link schemes.
 */
import type { Root } from 'hast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/** Default GitHub-style schema without images (remote content) and with only safe link schemes. */
export const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((t) => !['img', 'picture', 'source', 'video', 'audio', 'iframe', 'input'].includes(t)),
  protocols: { href: ['http', 'https', 'mailto'] },
};

/** Markdown → sanitised HTML tree: callers add their own anchors and links afterwards, then stringify. */
export function safeMarkdownProcessor() {
  return unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, SANITIZE_SCHEMA);
}

const treeCleaner = unified().use(rehypeSanitize, SANITIZE_SCHEMA).freeze();
const serializer = unified().use(rehypeStringify).freeze();

/** A tree built from the rulebook's text, cleaned by the same policy. */
export function sanitizeTree(tree: Root): Root {
  return treeCleaner.runSync(tree) as Root;
}

/** A (sanitised) tree as HTML. */
export function treeToHtml(tree: Root): string {
  return serializer.stringify(tree);
}
