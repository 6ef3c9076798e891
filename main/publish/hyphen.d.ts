/** hyphen ships no types: the one function used here (main/publish/hyphenation.ts), for any language's entry. */
declare module 'hyphen/*' {
  export function hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number; exceptions?: readonly string[] }): string;
}
