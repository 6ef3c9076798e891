/**
 * Run by bench/suites/lint.ts as a process of its own: `node bench/children/remark-parse.mjs <file.md>` reads the
 * file and parses it with remark-parse + remark-gfm, as a cold `rulebook lint` reads and parses a book: the
 * like-for-like baseline of a lint process (node's start, module loading and the parse, in one process each).
 */
import { readFileSync } from 'node:fs';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const tree = unified().use(remarkParse).use(remarkGfm).parse(readFileSync(process.argv[2], 'utf8'));
process.stdout.write(`${tree.children.length}\n`);
