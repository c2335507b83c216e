/**
 * Finishing concurrent work in the order it was started. The uploader sends every chosen file at once (faster on
 * a phone), but the listing keeps its media in the order they were attached: attaching each file as its upload
 * happened to finish put a small photo chosen third before a large one chosen first. Each
 * upload takes a turn when it starts; its attach waits until every earlier turn is over, whether that upload was
 * attached, failed or cancelled.
 */
export interface Turn {
  /** Resolves once every earlier turn is over. */
  wait(): Promise<void>;
  /** Ends this turn (idempotent); later turns go on once the earlier ones have ended too. */
  end(): void;
}

export function createTurnQueue(): { take(): Turn } {
  let last: Promise<void> = Promise.resolve();
  return {
    take() {
      const earlier = last;
      let release!: () => void;
      const own = new Promise<void>((resolve) => (release = resolve));
      // This turn is over when it has ended and every earlier one is over: a later turn waits for both.
      last = Promise.all([earlier, own]).then(() => undefined);
      return { wait: () => earlier, end: () => release() };
    },
  };
}
