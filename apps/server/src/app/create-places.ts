import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { consumeRateLimits } from '../db/rate-limit.ts';
import { createDatasetPlaces } from '../modules/suburbs/dataset-places.ts';
import { createGooglePlaces } from '../ports/places/google-places.ts';
import { GOOGLE_SEARCH_BUDGET, withDatasetFallback, type Places } from '../ports/places/places.ts';

// The Places port's factory sits above the modules: its default adapter reads the suburbs module's dataset.

/** Google Places when GOOGLE_MAPS_API_KEY is set (with the dataset behind it), else the suburb dataset. */
export function createPlaces(
  config: Pick<Config, 'GOOGLE_MAPS_API_KEY' | 'GOOGLE_PLACES_BASE_URL'>,
  deps: { db: Database; clock: Clock; logger: Logger },
): Places {
  const dataset = createDatasetPlaces(deps.db);
  if (!config.GOOGLE_MAPS_API_KEY) return dataset;
  const google = createGooglePlaces({ apiKey: config.GOOGLE_MAPS_API_KEY, baseUrl: config.GOOGLE_PLACES_BASE_URL });
  return withDatasetFallback(google, dataset, {
    logger: deps.logger,
    isWithinBudget: async (clientAddress) => {
      try {
        await consumeRateLimits(deps.db, deps.clock.now(), [{ key: `places-search:ip:${clientAddress}`, ...GOOGLE_SEARCH_BUDGET }]);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.code === 'too_many_requests') return false;
        throw error;
      }
    },
  });
}
