/**
 * A map that forgets what has not been used for a while, at no cost per hit beyond a lookup (an approximate LRU):
 * entries live in a young and an old generation; a hit in the old one moves the entry to the young one, and when
 * the young one is full the old one is dropped. At most `2 × generation` entries; an entry used since the last
 * turnover stays. Pure: the planner (shared) and the PDF writer (Node) both keep their text measurements in one.
 */
export class BoundedCache<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();

  constructor(private readonly generation: number) {}

  get(key: string): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: string, value: V): void {
    if (this.young.size >= this.generation) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}
