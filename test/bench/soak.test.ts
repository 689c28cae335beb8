import { describe, expect, it } from 'vitest';
import { rssFigures } from '../../bench/support/soak.js';

const MB = 2 ** 20;

describe('rssFigures (the soak of npm run bench)', () => {
  it('leaves the warm-up out and judges the rest against its median', () => {
    // 2 s of warm-up for a 12 s run; after it 100 MB give or take 5 %.
    const samples = [40, 80, 100, 105, 95, 100, 102, 98, 100, 104, 96, 100].map((mb) => mb * MB);
    const figures = rssFigures(samples, 12);
    expect(figures.warmUpSeconds).toBe(2);
    expect(figures).toMatchObject({ first: 40 * MB, last: 100 * MB, min: 40 * MB, max: 105 * MB, median: 100 * MB });
    expect(figures.afterWarmUp).toEqual({ min: 95 * MB, max: 105 * MB });
    expect(figures.maxDeviation).toBeCloseTo(0.05);
    expect(figures.flat).toBe(true);
    expect(Math.abs(figures.drift)).toBeLessThan(0.05);
  });

  it('is not flat when a sample strays past 10 %, and shows a steady rise as drift', () => {
    const rising = Array.from({ length: 60 }, (_, second) => (100 + second) * MB);
    const figures = rssFigures(rising, 60);
    expect(figures.warmUpSeconds).toBe(10);
    expect(figures.flat).toBe(false);
    expect(figures.drift).toBeGreaterThan(0.25);
  });
});
