/** Types for Vite's import suffixes the renderer uses (the renderer is bundled by Vite; tsc only checks it). */
declare module '*?worker' {
  const WorkerConstructor: { new (options?: { name?: string }): Worker };
  export default WorkerConstructor;
}
declare module '*.css' {}
