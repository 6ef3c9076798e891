/** fontkit ships no types; the little used here is typed where it is used (main/publish/fonts.ts). */
declare module 'fontkit' {
  export function openSync(path: string): unknown;
}
