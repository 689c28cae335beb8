/**
 * How many requests of one kind hold a pooled database connection at once. A kind of work that can
 * hold connections for long (a write from BEGIN to COMMIT, a list's ID and count statements on a
 * big site) gets fewer slots than the pool has connections, so the rest of the pool stays free for
 * the cheap reads (a single event) that would otherwise queue behind it. Work beyond the slots waits
 * here, holding nothing, and is refused with `refused()` when no slot frees within the timeout.
 */
/** What runs work through a gate (a ConnectionGate, or UNGATED). */
export interface Gate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** A gate that admits everything at once: a request with no gate of its app's (tests, commands). */
export const UNGATED: Gate = { run: (work) => work() };

export class ConnectionGate implements Gate {
  readonly #slots: number;
  readonly #timeoutMs: number;
  readonly #refused: () => Error;
  #busy = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(slots: number, timeoutMs: number, refused: () => Error) {
    this.#slots = Math.max(1, slots);
    this.#timeoutMs = timeoutMs;
    this.#refused = refused;
  }

  /** Runs `work` in a slot; throws `refused()` when none frees within the timeout. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#enter();
    try {
      return await work();
    } finally {
      this.#leave();
    }
  }

  /** Slots in use and work waiting for one (the metrics' gauges). */
  get usage(): { slots: number; busy: number; waiting: number } {
    return { slots: this.#slots, busy: this.#busy, waiting: this.#waiting.length };
  }

  #enter(): Promise<void> {
    if (this.#busy < this.#slots) {
      this.#busy += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.#waiting.indexOf(admit);
        if (index !== -1) this.#waiting.splice(index, 1);
        reject(this.#refused());
      }, this.#timeoutMs);
      this.#waiting.push(admit);
    });
  }

  // Leaving work hands its slot straight to the next in line (the count stays).
  #leave(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy -= 1;
  }
}
