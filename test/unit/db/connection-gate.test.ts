import { describe, expect, it } from 'vitest';
import { ConnectionGate } from '../../../src/db/connection-gate.js';
import { isLoadShed, LoadShed } from '../../../src/db/load-shed.js';

/** A promise and the function that settles it, to hold work in a slot for as long as a test wants. */
function held(): { promise: Promise<void>; release: () => void } {
  let release = () => undefined as void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('ConnectionGate', () => {
  it('admits as many as it has slots, hands a freed slot to the first in line, and refuses one that waited past the timeout', async () => {
    const gate = new ConnectionGate(2, 50, () => new LoadShed('lists', 50));
    const first = held();
    const second = held();
    const order: string[] = [];
    const running = [
      gate.run(async () => {
        order.push('first');
        await first.promise;
      }),
      gate.run(async () => {
        order.push('second');
        await second.promise;
      }),
    ];
    const third = gate.run(async () => void order.push('third'));
    expect(gate.usage).toEqual({ slots: 2, busy: 2, waiting: 1 });
    first.release();
    await third;
    expect(order).toEqual(['first', 'second', 'third']);
    // Both slots held again (second, and a new one): the next waits, and is refused when neither frees in time.
    const another = held();
    running.push(gate.run(() => another.promise));
    const fourth = gate.run(async () => 'ran');
    const refused = await fourth.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isLoadShed(refused)).toBe(true);
    expect(gate.usage).toEqual({ slots: 2, busy: 2, waiting: 0 });
    second.release();
    another.release();
    await Promise.all(running);
    expect(gate.usage.busy).toBe(0);
  });
});
