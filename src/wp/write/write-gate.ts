import { writeBusy } from './write-locks.js';

/**
 * How many writes of this process hold a database connection at once. A write keeps its
 * connection from BEGIN to COMMIT, waits included (a slug lock, a row another write holds): were
 * every pooled connection in writes, reads would queue behind them and fail after the pool's
 * acquire timeout. Writes beyond the limit wait here instead, holding nothing.
 */
export class WriteGate {
  readonly #slots: number;
  readonly #timeoutMs: number;
  #busy = 0;
  readonly #waiting: Array<() => void> = [];

  // A write waiting here holds nothing, and waits for this process's own writes only: as long as
  // a statement may run (createDb's statement timeout) before it is refused.
  constructor(slots: number, timeoutMs = 30_000) {
    this.#slots = Math.max(1, slots);
    this.#timeoutMs = timeoutMs;
  }

  /** Runs `work` in a slot; throws 503 rest_write_busy when none frees within the timeout. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.#enter();
    try {
      return await work();
    } finally {
      this.#leave();
    }
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
        reject(writeBusy());
      }, this.#timeoutMs);
      this.#waiting.push(admit);
    });
  }

  // A leaving write hands its slot straight to the next one in line (the count stays).
  #leave(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy -= 1;
  }
}
