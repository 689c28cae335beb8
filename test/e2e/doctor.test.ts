import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, removeBuild, SERVICE_CWD } from '../setup/built-service.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';

/**
 * `npm run doctor -- URL` as an operator runs it: the compiled entry point, a child process with
 * no DATABASE_URL in its environment, its exit code and what it prints.
 */
let buildDir: string | undefined;
let reference: TestDatabase;

beforeAll(async () => {
  [buildDir, reference] = await Promise.all([buildService('doctor'), createTestDatabase({ dump: 'reference' })]);
}, 120_000);

afterAll(async () => {
  await reference?.drop();
  await removeBuild(buildDir);
});

/** `node main.js doctor ...args` with DATABASE_URL removed from the environment. */
async function runDoctor(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(buildDir!, 'main.js'), 'doctor', ...args], { cwd: SERVICE_CWD, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('node dist/main.js doctor', () => {
  it('checks the reference site from the URL argument and exits 0', async () => {
    const run = await runDoctor([reference.url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ok {4}prefix {17}table prefix wp_: wp_posts and wp_options found$/m);
    expect(run.stdout).toMatch(/^warn {2}salts /m);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('ready to serve (1 warning(s))');
  });

  it('prints the --json report', async () => {
    const run = await runDoctor([reference.url, '--json']);
    const report = JSON.parse(run.stdout) as { exitCode: number; checks: { id: string }[] };
    expect(report.exitCode).toBe(0);
    expect(report.checks.map((item) => item.id)).toContain('change-feed');
  });

  it('exits 2 with one line on stderr, and no stack trace, when the database cannot be reached', async () => {
    const run = await runDoctor(['mysql://root@127.0.0.1:1/nowhere']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual(['cannot reach the database at mysql://root@127.0.0.1:1/nowhere: connect ECONNREFUSED 127.0.0.1:1']);
  });
});
