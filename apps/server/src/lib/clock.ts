/**
 * The one clock every rule reads. Tests (and the e2e suite through /dev/clock) move it forward;
 * production never does.
 */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
  reset(): void;
}

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
    reset: () => {
      offsetMs = 0;
    },
  };
}
