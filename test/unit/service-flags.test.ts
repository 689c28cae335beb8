import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from '../setup/service-flags.js';

describe('the flags the service runs with', () => {
  it('are the ones npm start passes to node, so tests and benchmarks run what users run', () => {
    const start = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    expect(start).toContain(`node ${SERVICE_NODE_FLAGS.join(' ')} dist/main.js`);
  });
});
