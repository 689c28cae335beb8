import { ConnectionGate } from '../../db/connection-gate.js';
import { writeBusy } from './write-locks.js';

/**
 * How many writes of this process hold a database connection at once. A write keeps its
 * connection from BEGIN to COMMIT, waits included (a slug lock, a row another write holds): were
 * every pooled connection in writes, reads would queue behind them and fail after the pool's
 * acquire timeout. Writes beyond the limit wait here instead, holding nothing, and are refused
 * 503 rest_write_busy when none frees in time.
 */
export class WriteGate extends ConnectionGate {
  // A write waiting here holds nothing, and waits for this process's own writes only: as long as
  // a statement may run (createDb's statement timeout) before it is refused.
  constructor(slots: number, timeoutMs = 30_000) {
    super(slots, timeoutMs, writeBusy);
  }
}
