/** A rule reference's target rewritten for new numbers in the reference's own style; shared by renumber and the diff's impact fixes. */
import type { Reference } from '../model/types.js';
import { matchCase } from './places.js';

const NUMBER = String.raw`\d+(?:\.\d+)*[a-z]?`;
const RANGE_TEXT = new RegExp(String.raw`^(${NUMBER})(\s*[–—-]\s*)(${NUMBER}|[a-z])$`, 'i');

/**
 * The new target text: "4.4" for "4.3"; both ends of a range, a short end kept short ("201.3a–b",
 * "509.1-3"). A reference whose targets keep their numbers is left exactly as written.
 */
export function rewriteTarget(reference: Reference, first: string, last: string | null): string {
  const written = reference.targetText;
  if (first === reference.target && last === reference.targetEnd) return written;
  const range = last === null ? null : RANGE_TEXT.exec(written);
  if (!range || last === null) return matchCase(written, first);
  const [, start, separator, end] = range;
  let endText: string;
  if (/^[a-z]$/i.test(end) && /[a-z]$/i.test(first) && /[a-z]$/i.test(last) && first.slice(0, -1) === last.slice(0, -1)) endText = last.slice(-1);
  else if (/^[a-z]$/i.test(end) && !/[a-z]$/i.test(first) && last.startsWith(first) && /^[a-z]$/i.test(last.slice(first.length))) endText = last.slice(first.length);
  else if (/^\d+$/.test(end) && end !== reference.targetEnd && first.includes('.')) {
    // "509.1-3": the end gives only the last part; keep it so while both ends share the rest.
    const stem = first.slice(0, first.lastIndexOf('.') + 1);
    endText = last.startsWith(stem) && /^\d+$/.test(last.slice(stem.length)) ? last.slice(stem.length) : last;
  } else endText = last;
  return matchCase(start, first) + separator + matchCase(end, endText);
}
