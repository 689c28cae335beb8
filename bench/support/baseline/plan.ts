import type { Pool, PoolConnection } from 'mysql2/promise';

/*
 * What the bare baseline server runs for one route: the statements one request of the service
 * ran (recorded through Kysely's query log by bench/support/measure.ts), with their bound
 * parameters, in the service's order. Run one after the other; the service may run some of them
 * in parallel, which only favours the service.
 */

export interface PlannedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

export interface BaselinePlan {
  readonly statements: readonly PlannedStatement[];
  /**
   * A write: run every statement on one connection, the recorded transaction rolled back instead
   * of committed, so the baseline leaves the data as it found it and can repeat the same inserts
   * (the recorded parameters name the rows the recording created).
   */
  readonly rollback: boolean;
}

/** The path the baseline serves a route's plan at (any method). */
export function baselinePath(routeName: string): string {
  return `/plan/${encodeURIComponent(routeName)}`;
}

/** Kysely's MySQL driver logs its own transaction control as these raw statements. */
const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|rollback)\b/i;

/** True for the recorded `begin` / `commit` / `rollback`, which a rolled-back plan replaces with its own. */
export function isTransactionControl(sql: string): boolean {
  return TRANSACTION_CONTROL.test(sql);
}

/** A read, or the isolation level of the transaction that follows (the writes' READ COMMITTED). */
const READS_OR_SETS_THE_NEXT_TRANSACTION = /^\s*(select\b|set\s+transaction\b)/i;

/**
 * Throws unless every statement of a rolled-back plan that lies outside the recorded transaction
 * only reads (a SELECT: the sign-in, the write lock, the answer's reads) or sets the next
 * transaction's isolation level: those run outside the baseline's transaction too, so a write
 * among them would stay in the database.
 */
export function checkRollbackPlan(plan: BaselinePlan): void {
  if (!plan.rollback) return;
  let inside = !plan.statements.some((statement) => isTransactionControl(statement.sql));
  for (const { sql } of plan.statements) {
    if (/^\s*(begin|start transaction)\b/i.test(sql)) inside = true;
    else if (/^\s*(commit|rollback)\b/i.test(sql)) inside = false;
    else if (!inside && !READS_OR_SETS_THE_NEXT_TRANSACTION.test(sql)) {
      throw new Error(`a write outside the recorded transaction cannot be rolled back by the baseline: ${sql}`);
    }
  }
}

/**
 * Runs `plan` on `pool` and returns the answer body: JSON of every statement's result (rows of a
 * SELECT, the OK packet of a write), an answer of the same order of size as the service's.
 *
 * A rolled-back plan runs on one connection with the service's structure: its transaction opens
 * where the service's `begin` was and is rolled back where the service committed, so the write
 * lock (a named lock, GET_LOCK/RELEASE_LOCK, not transactional) and the row locks are held just
 * as long as the service holds them. A plan with no recorded transaction is wrapped whole.
 * Rolling back costs the server about what the writes cost, which the service does not pay:
 * the baseline's writes are slower than bare statements would be (see bench/README.md).
 */
export async function runPlan(pool: Pool, plan: BaselinePlan): Promise<string> {
  const results: unknown[] = [];
  if (!plan.rollback) {
    for (const statement of plan.statements) {
      const [rows] = await pool.query(statement.sql, statement.parameters as unknown[]);
      results.push(rows);
    }
    return JSON.stringify(results);
  }
  const connection: PoolConnection = await pool.getConnection();
  let open = false;
  try {
    if (!plan.statements.some((statement) => isTransactionControl(statement.sql))) {
      await connection.query('START TRANSACTION');
      open = true;
    }
    for (const statement of plan.statements) {
      if (/^\s*(begin|start transaction)\b/i.test(statement.sql)) {
        await connection.query('START TRANSACTION');
        open = true;
      } else if (/^\s*(commit|rollback)\b/i.test(statement.sql)) {
        await connection.query('ROLLBACK');
        open = false;
      } else {
        const [rows] = await connection.query(statement.sql, statement.parameters as unknown[]);
        results.push(rows);
      }
    }
    if (open) await connection.query('ROLLBACK');
  } catch (error) {
    // The connection may still hold the write lock or an open transaction: closing it makes the
    // server roll back and free the lock, where returning it to the pool would keep both.
    connection.destroy();
    throw error;
  }
  connection.release();
  return JSON.stringify(results);
}
