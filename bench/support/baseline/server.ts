import type { IncomingMessage, ServerResponse } from 'node:http';
import { createPool } from 'mysql2/promise';
import { serveChild, tellParent } from '../child.js';
import { baselinePath, runPlan, type BaselinePlan } from './plan.js';

/*
 * The bare baseline (issue 9): node:http and a mysql2 pool, no framework, no routing beyond a map
 * lookup, no validation, no rendering. For `<any method> /plan/<route name>` it runs the
 * statements the service ran for that route (see plan.ts) and answers their rows as JSON. Forked
 * by bench/support/measure.ts with DATABASE_URL; the parent sends the plans over IPC.
 *
 * The pool is made as src/db/create-db.ts makes the service's (same size, same type options), so
 * the figures differ by what the service does around the same SQL, not by the driver settings.
 */

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = createPool({
  uri: databaseUrl,
  connectionLimit: 10,
  dateStrings: true,
  supportBigNumbers: true,
  bigNumberStrings: false,
  charset: 'utf8mb4_unicode_ci',
  timezone: 'Z',
});

const plans = new Map<string, BaselinePlan>();
let errors = 0;

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  // Read (and drop) the body, as any server must before it answers a POST.
  for await (const _chunk of request);
  const plan = plans.get(request.url ?? '');
  if (!plan) {
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end('{"code":"no_plan"}');
    return;
  }
  try {
    const body = await runPlan(pool, plan);
    response.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    response.end(body);
  } catch (error) {
    errors += 1;
    if (errors <= 5) console.error('[baseline]', error);
    response.writeHead(500, { 'Content-Type': 'application/json' });
    response.end('{"code":"baseline_error"}');
  }
}

serveChild(handle, () => pool.end(), (message) => {
  if (message.type !== 'plans') return;
  for (const [name, plan] of Object.entries(message.plans)) plans.set(baselinePath(name), plan as BaselinePlan);
  tellParent({ type: 'plans-loaded', count: plans.size });
});
