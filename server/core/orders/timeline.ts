/**
 * Order ids in time order, oldest first: two parallel arrays (the created_at text, shared with the
 * row, and the id), so a million orders cost two arrays of pointers and numbers, not an object each.
 * Ties on created_at go by id, so every order has exactly one place. New orders are the newest, so
 * placing one is a push; pages are read from the end (newest first) and cost their own length.
 */
export class OrderTimeline {
  private readonly ats: string[] = [];
  private readonly ids: number[] = [];

  get size(): number {
    return this.ids.length;
  }

  /** Index of the first entry not before (at, id). */
  private lowerBound(at: string, id: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const a = this.ats[mid]!;
      if (a < at || (a === at && this.ids[mid]! < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(at: string, id: number): void {
    const n = this.ids.length;
    const last = this.ats[n - 1];
    if (n === 0 || last! < at || (last === at && this.ids[n - 1]! < id)) {
      this.ats.push(at);
      this.ids.push(id);
      return;
    }
    const i = this.lowerBound(at, id);
    this.ats.splice(i, 0, at);
    this.ids.splice(i, 0, id);
  }

  delete(at: string, id: number): void {
    const i = this.lowerBound(at, id);
    if (this.ids[i] !== id || this.ats[i] !== at) return;
    this.ats.splice(i, 1);
    this.ids.splice(i, 1);
  }

  /** Bulk load in any order: one sort, and none when the rows come in time order already (ids grow with time). */
  load(rows: Iterable<{ created_at: string; id: number }>): void {
    let sorted = this.ids.length === 0;
    for (const r of rows) {
      const n = this.ids.length;
      if (sorted && n > 0) {
        const a = this.ats[n - 1]!;
        sorted = a < r.created_at || (a === r.created_at && this.ids[n - 1]! < r.id);
      }
      this.ats.push(r.created_at);
      this.ids.push(r.id);
    }
    if (!sorted) this.resort();
  }

  private resort(): void {
    const order = this.ids.map((_, i) => i);
    const { ats, ids } = this;
    order.sort((x, y) => (ats[x]! < ats[y]! ? -1 : ats[x]! > ats[y]! ? 1 : ids[x]! - ids[y]!));
    const a = order.map((i) => ats[i]!);
    const b = order.map((i) => ids[i]!);
    ats.length = 0;
    ids.length = 0;
    for (let i = 0; i < a.length; i++) {
      ats.push(a[i]!);
      ids.push(b[i]!);
    }
  }

  /** The id `rank` places from the newest (0 is the newest). */
  newest(rank: number): number | undefined {
    return this.ids[this.ids.length - 1 - rank];
  }

  /** Ids `skip` places from the newest, newest first, at most `limit` of them. */
  page(skip: number, limit: number): number[] {
    const out: number[] = [];
    for (let i = this.ids.length - 1 - skip; i >= 0 && out.length < limit; i--) out.push(this.ids[i]!);
    return out;
  }
}
