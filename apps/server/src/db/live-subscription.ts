import { sql, type SQL } from 'drizzle-orm';
import { suburbSubscriptions } from './schema/subscriptions.ts';

/**
 * 'A live subscription' in SQL, the one place it is written: not cancelled, and its period not run out. It takes
 * a place in its suburb, puts the agent on the suburb's public pages and lets them receive its sellers' requests.
 * `isSubscriptionLive` (@listwise/domain/subscriptions) is the same rule for a row already read. Written as the
 * partial indexes on suburb_subscriptions (`cancelled_at is null`) state it, so the planner uses them.
 */
export const liveSubscription = (now: Date): SQL =>
  sql`${suburbSubscriptions.cancelledAt} is null and ${suburbSubscriptions.expiresAt} > ${now}`;
