/**
 * Work a write defers to just before its commit, once per key, in the order first asked for.
 * What rewrites a row every write shares (a term's count) runs here rather than where WordPress
 * runs it: the row lock it takes is then held for the last statements only, so writes that share
 * the row wait on each other for that tail, not for their whole transaction. The value written is
 * the same, being computed from the rows as they stand at the end.
 */
export class BeforeCommit {
  readonly #tasks = new Map<string | symbol, () => Promise<void>>();

  /** Runs `task` before the commit, unless a task of this key is already waiting. */
  add(key: string, task: () => Promise<void>): void {
    if (!this.#tasks.has(key)) this.#tasks.set(key, task);
  }

  /** Runs `task` before the commit, however many alike are waiting. */
  push(task: () => Promise<void>): void {
    this.#tasks.set(Symbol('task'), task);
  }

  /** Runs the waiting tasks, those they add included; the write's last work. */
  async run(): Promise<void> {
    for (const [key, task] of this.#tasks) {
      this.#tasks.delete(key);
      await task();
    }
  }
}
