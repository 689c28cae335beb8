/**
 * A seeded pseudo-random source (sfc32, seeded through splitmix32), so that a seed always gives the
 * same site: nothing in the generator may call Math.random or read the wall clock.
 */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number, stream = 0) {
    let state = (Math.trunc(seed) ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
    const next = () => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    for (let i = 0; i < 12; i += 1) this.uint32();
  }

  uint32(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One of the items, each with its weight. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /**
   * An index in [0, count) skewed towards 0 (u^skew), so a few venues, organizers and terms carry
   * many events, as on a real calendar.
   */
  skewedIndex(count: number, skew: number): number {
    return Math.min(count - 1, Math.floor(count * this.next() ** skew));
  }

  /** `count` distinct indexes in [0, size), skewed as skewedIndex, in the order drawn. */
  distinctSkewed(count: number, size: number, skew: number): number[] {
    const out: number[] = [];
    const wanted = Math.min(count, size);
    while (out.length < wanted) {
      const index = this.skewedIndex(size, skew);
      if (!out.includes(index)) out.push(index);
    }
    return out;
  }
}
