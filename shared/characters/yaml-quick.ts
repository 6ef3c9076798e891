/**
 * A character file read quickly: js-yaml's event parser (about 30 times faster than the `yaml` package's composition)
 * gives the structure and offsets, and each plain scalar takes its value from the `yaml` package's own core-schema
 * tags, so values are the exact reader's. Anything whose reading or place the two might not agree on (an alias, an
 * anchor or tag, a directive, the place of an empty or block scalar, a YAML error) makes it give way: it returns null
 * or throws Unsure, and the file is read by yaml-exact.ts.
 */
import { EVENT_ID, SCALAR_STYLE, getScalarValue, parseEvents, type Event, type ScalarEvent } from 'js-yaml';
import { Schema, isScalar, type ScalarTag } from 'yaml';
import { blockEnd, Unsure, type YamlDocument, type YamlNode, type YamlPair } from './yaml-nodes.js';

/** The core schema's scalar tags in the order the `yaml` package tries them on a plain scalar (compose-scalar.js). */
const PLAIN_TAGS = new Schema({}).tags.filter((tag): tag is ScalarTag => tag.default === true && !('collection' in tag && tag.collection) && tag.test !== undefined);
const RESOLVE_OPTIONS = { intAsBigInt: false };

interface Open {
  readonly kind: 'map' | 'seq' | 'document';
  readonly start: number;
  readonly flow: boolean;
  readonly children: (YamlNode | null)[];
}

/** The documents of `text`, or null when js-yaml finds it invalid (the exact reader then words the error). */
export function quickDocuments(text: string): YamlDocument[] | null {
  // A byte order mark would shift js-yaml's offsets against the `yaml` package's. Tabs and document end markers
  // (`...`) are where the two parsers were found to part (a tab after a block scalar, a `...` before any document).
  if (text.charCodeAt(0) === 0xfeff || text.includes('\t') || text.startsWith('...') || text.includes('\n...')) return null;
  let events: Event[];
  try {
    events = parseEvents(text, {});
  } catch {
    return null;
  }
  const documents: YamlDocument[] = [];
  const stack: Open[] = [];
  const add = (node: YamlNode) => stack[stack.length - 1].children.push(node);
  for (const event of events) {
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        // %YAML 1.1 would change the schema; %TAG the tags: both are the exact reader's.
        if (event.directives.length > 0) throw new Unsure('a directive');
        stack.push({ kind: 'document', start: 0, flow: false, children: [] });
        break;
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE: {
        if (event.anchorStart !== -1 || event.tagStart !== -1) throw new Unsure('an anchor or tag');
        const flow = event.style === 2;
        // A flow mapping without braces (`[a: b]`): its place is where the parsers might not agree.
        if (flow && text[event.start] !== (event.type === EVENT_ID.MAPPING ? '{' : '[')) throw new Unsure('a flow pair');
        stack.push({ kind: event.type === EVENT_ID.MAPPING ? 'map' : 'seq', start: event.start, flow, children: [] });
        break;
      }
      case EVENT_ID.SCALAR:
        add(scalar(text, event));
        break;
      case EVENT_ID.ALIAS:
        throw new Unsure('an alias');
      case EVENT_ID.POP: {
        const open = stack.pop()!;
        if (open.kind === 'document') documents.push({ error: null, root: open.children[0] ?? null });
        else add(close(text, open));
        break;
      }
    }
  }
  return documents;
}

function scalar(text: string, event: ScalarEvent): YamlNode {
  if (event.anchorStart !== -1 || event.tagStart !== -1) throw new Unsure('an anchor or tag');
  const source = getScalarValue(text, event);
  if (event.valueStart === -1) return { kind: 'scalar', value: plainValue(source), start: -1, end: -1, exact: false };
  switch (event.style) {
    case SCALAR_STYLE.PLAIN:
      return { kind: 'scalar', value: plainValue(source), start: event.valueStart, end: event.valueEnd, exact: true };
    case SCALAR_STYLE.SINGLE_QUOTED:
    case SCALAR_STYLE.DOUBLE_QUOTED: {
      // js-yaml's range is inside the quotes, the `yaml` package's around them.
      const quote = event.style === SCALAR_STYLE.SINGLE_QUOTED ? "'" : '"';
      if (text[event.valueStart - 1] !== quote || text[event.valueEnd] !== quote) throw new Unsure('a quoted scalar');
      return { kind: 'scalar', value: source, start: event.valueStart - 1, end: event.valueEnd + 1, exact: true };
    }
    default:
      return { kind: 'scalar', value: source, start: event.valueStart, end: event.valueEnd, exact: false };
  }
}

/** The value the `yaml` package gives a plain scalar: the first core-schema tag whose test matches, else the text. */
function plainValue(source: string): unknown {
  for (const tag of PLAIN_TAGS) {
    if (!tag.test!.test(source)) continue;
    let failed = false;
    const value = tag.resolve(source, () => (failed = true), RESOLVE_OPTIONS);
    if (failed) throw new Unsure('a scalar its tag cannot resolve');
    return isScalar(value) ? value.value : value;
  }
  return source;
}

function close(text: string, open: Open): YamlNode {
  const { children, start } = open;
  if (open.kind === 'seq') return { kind: 'seq', start, end: open.flow ? flowEnd(text, open, ']') : blockEnd(text, start, children[children.length - 1] ?? null, null), items: children };
  if (children.length % 2 !== 0) throw new Unsure('a key without a value');
  const pairs: YamlPair[] = [];
  for (let i = 0; i < children.length; i += 2) pairs.push({ key: children[i], value: children[i + 1] });
  const last = pairs[pairs.length - 1];
  return { kind: 'map', start, end: open.flow ? flowEnd(text, open, '}') : blockEnd(text, start, last?.value ?? null, last?.key ?? null), pairs };
}

/**
 * After a flow collection's closing bracket. Between its last entry and the bracket js-yaml has already accepted only
 * blanks, commas and comments, so skipping those finds it.
 */
function flowEnd(text: string, open: Open, bracket: string): number {
  let at = open.start + 1;
  // Empty entries have no text: skip back to the last one written (a `:` left in between stops the scan below).
  for (let i = open.children.length - 1; i >= 0; i--) {
    const child = open.children[i];
    if (!child || child.start < 0) continue;
    if (child.kind === 'scalar' && !child.exact) throw new Unsure('a block scalar in a flow collection');
    at = child.end;
    break;
  }
  while (at < text.length) {
    const c = text[at];
    if (c === bracket) return at + 1;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',') at++;
    else if (c === '#') while (at < text.length && text[at] !== '\n') at++;
    else break;
  }
  throw new Unsure('no closing bracket where expected');
}
