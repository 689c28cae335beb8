/** The service's only source of "now", so tests can pin the day a capture was recorded. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock stopped at one instant (ISO string or Date). */
export function fixedClock(instant: string | Date): Clock {
  const time = new Date(instant).getTime();
  return { now: () => new Date(time) };
}
