/**
 * Work a write defers to just before its commit, once per key, in the order first asked for.
 * What rewrites a row every write shares (a term's count) runs here rather than where WordPress
 * runs it: the row lock it takes is then held for the last statements only, so writes that share
 * the row wait on each other for that tail, not for their whole transaction. The value written is
 * the same, being computed from the rows as they stand at the end.
 */
export class BeforeCommit {
  readonly #tasks = new Map<string | symbol, () => Promise<void>>();
  readonly #lastTasks: Array<{ lock: string; task: () => Promise<void> }> = [];

  /** Runs `task` before the commit, unless a task of this key is already waiting. */
  add(key: string, task: () => Promise<void>): void {
    if (!this.#tasks.has(key)) this.#tasks.set(key, task);
  }

  /** Runs `task` before the commit, however many alike are waiting. */
  push(task: () => Promise<void>): void {
    this.#tasks.set(Symbol('task'), task);
  }

  /**
   * Runs `task` after every other task, among the others of this lane in the order of their
   * `lock` (then as asked): for work that takes the named lock `lock` while the write already
   * holds row locks. A write holding such a lock then waits for nothing but rows no other write
   * takes after it, and two writes take these locks in the same order, so no wait goes round in
   * a circle the server cannot see.
   */
  last(lock: string, task: () => Promise<void>): void {
    this.#lastTasks.push({ lock, task });
  }

  /** Runs the waiting tasks, those they add included, then the last lane; the write's last work. */
  async run(): Promise<void> {
    for (const [key, task] of this.#tasks) {
      this.#tasks.delete(key);
      await task();
    }
    const lastTasks = this.#lastTasks.splice(0).sort((a, b) => (a.lock < b.lock ? -1 : a.lock > b.lock ? 1 : 0));
    for (const { task } of lastTasks) await task();
  }
}
