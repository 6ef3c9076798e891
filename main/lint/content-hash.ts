/**
 * The hash the lint cache names, keys and checks its files by: xxHash64 of the text under two seeds, 128 bits as 32
 * hex digits (xxhash-wasm). Not SHA-256: loading node:crypto costs about 5 ms, an eighth of a whole `rulebook lint`
 * of an unchanged book, and the cache needs no defence against forgery — whoever can write its folder can write
 * anything the cache would believe. What it needs, telling any two texts apart, 128 bits does.
 */
import xxhash from 'xxhash-wasm';

const { h64ToString } = await xxhash();
/** Any fixed seed other than the first's (0): the fractional part of the golden ratio, as xxHash's tests use. */
const SECOND_SEED = 0x9e3779b97f4a7c15n;

export function contentHash(text: string): string {
  return h64ToString(text) + h64ToString(text, SECOND_SEED);
}
