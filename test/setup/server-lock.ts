import { connectToServer } from './database.js';

/**
 * Runs `work` while holding a named lock (GET_LOCK) on the shared test MariaDB server: for tests
 * in different files, so in different worker processes, that use one outside resource no test can
 * make its own. The lock is the connection's: it ends with `work`, or with the process.
 */
export async function withServerLock<T>(name: string, work: () => Promise<T>, timeoutSeconds = 180): Promise<T> {
  const connection = await connectToServer();
  try {
    const [rows] = await connection.query('SELECT GET_LOCK(?, ?) AS locked', [`cs-test:${name}`, timeoutSeconds]);
    if (Number((rows as Array<{ locked: unknown }>)[0]?.locked) !== 1) {
      throw new Error(`the test lock "${name}" stayed held for ${timeoutSeconds} s`);
    }
    return await work();
  } finally {
    await connection.end();
  }
}

/**
 * NATS subjects under `calendar.>` (the service's own prefix): one JetStream stream at a time may
 * take them, so the tests that run the service's notifications with that prefix take turns.
 */
export const CALENDAR_SUBJECTS_LOCK = 'nats-calendar-subjects';
