/** A count in words, for every message the product writes: "1 error", "3 warnings", "1,204 entries". */

/** `many` defaults to `one` + "s"; give it for the rest ("entry", "entries"; "number is", "numbers are"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
