/** A counting semaphore: at most `limit` tasks run at once in this process; the rest wait in arrival order. */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running < limit) {
      running++;
      return;
    }
    // The releasing task hands its slot straight to the next waiter, so `running` never overshoots.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
