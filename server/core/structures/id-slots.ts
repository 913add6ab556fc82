/**
 * A small integer per order id (e.g. its customer's number), -1 when unset. Order ids are dense (1, 2,
 * 3…), so a typed array indexed by id holds a million in 4 MB and reads in a few nanoseconds, which the
 * search walk over the timeline needs. An id far past the count (a hand-edited file) goes to a map
 * instead, so one odd row cannot make the array huge.
 */
const SPARE = 65_536;

export class IdSlots {
  private dense = new Int32Array(1024).fill(-1);
  private readonly sparse = new Map<number, number>();
  private count = 0;

  get(id: number): number {
    if (id < this.dense.length) {
      const v = this.dense[id]!;
      if (v !== -1) return v;
    }
    return this.sparse.get(id) ?? -1;
  }

  set(id: number, value: number): void {
    if (this.get(id) === -1) this.count++;
    if (id >= this.dense.length && id <= 2 * this.count + SPARE) this.grow(id);
    if (id < this.dense.length) this.dense[id] = value;
    else this.sparse.set(id, value);
  }

  delete(id: number): void {
    if (this.get(id) === -1) return;
    this.count--;
    if (id < this.dense.length) this.dense[id] = -1;
    this.sparse.delete(id);
  }

  private grow(id: number): void {
    const next = new Int32Array(Math.max(id + 1, this.dense.length * 2)).fill(-1);
    next.set(this.dense);
    this.dense = next;
    // Ids that were far off may fit now: one place per id, so get() never sees two.
    for (const [k, v] of this.sparse)
      if (k < next.length) {
        next[k] = v;
        this.sparse.delete(k);
      }
  }
}
