/**
 * A character file's YAML as the character reader needs it, whichever parser read it: mappings, lists, scalars with
 * their values (the YAML 1.2 core schema, as the `yaml` package resolves them) and their offsets.
 */

export type YamlNode = YamlScalar | YamlMap | YamlSeq | YamlAlias;

export interface YamlScalar {
  readonly kind: 'scalar';
  readonly value: unknown;
  /** The offsets the `yaml` package gives the scalar (quotes included), when `exact`. */
  readonly start: number;
  readonly end: number;
  /**
   * False when the offsets are not those the `yaml` package gives: an empty scalar (no text at all), or a block
   * scalar (`|`, `>`) read by the quick reader. Asking where such a scalar is makes the quick reading give way.
   */
  readonly exact: boolean;
}

export interface YamlPair {
  /** Null when the key is not written (`: value`). */
  readonly key: YamlNode | null;
  readonly value: YamlNode | null;
}

export interface YamlMap {
  readonly kind: 'map';
  /** From the `{` or the first key, to the `}` or the end of the last value's text (see collectionEnd). */
  readonly start: number;
  readonly end: number;
  readonly pairs: readonly YamlPair[];
}

export interface YamlSeq {
  readonly kind: 'seq';
  readonly start: number;
  readonly end: number;
  readonly items: readonly (YamlNode | null)[];
}

export interface YamlAlias {
  readonly kind: 'alias';
  readonly start: number;
  readonly end: number;
}

export interface YamlDocument {
  /** The first YAML error of the document: its message (one line) and offset. */
  readonly error: { readonly message: string; readonly offset: number } | null;
  readonly root: YamlNode | null;
}

/**
 * Thrown by the quick reading when it meets what only the exact reading judges as today (an alias, a tag, a
 * duplicate key, the place of an empty scalar): the file is then read again by the `yaml` package.
 */
export class Unsure extends Error {
  constructor(why: string) {
    super(`read exactly: ${why}`);
  }
}

/** An empty scalar (`cost:` with nothing after it): its place is not where both parsers agree. */
export function isEmpty(node: YamlNode | null): boolean {
  return node === null || (node.kind === 'scalar' && node.start === node.end);
}

/**
 * Where a block collection's text ends: after the last character of its last value (of its last key when that value
 * is empty), trailing blanks and line breaks left out, so both readers agree whatever each counts after a block
 * scalar. A flow collection ends after its bracket instead.
 */
export function blockEnd(text: string, start: number, last: YamlNode | null, lastKey: YamlNode | null): number {
  const at = !isEmpty(last) ? last : lastKey;
  if (at === null) return start;
  if (at.start < 0) throw new Unsure('an empty scalar ends a block collection');
  let end = at.end;
  while (end > at.start && isBlank(text.charCodeAt(end - 1))) end--;
  // The quick reader's block scalar starts at its text, the exact one's at its `|`: they agree only on a last character.
  if (at.kind === 'scalar' && !at.exact && end === at.start) throw new Unsure('a blank block scalar ends a block collection');
  return end;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}
