/** How the suburb picker words a suburb's demand, apart from the component so it is unit-tested. */
import type { SuburbCard } from '@/components/suburbs/suburb-api';

/** 'Fewer than 3 listings…' or '12 listings…' in the last 90 days (the server withholds counts under 3). */
export const demandText = (demand: SuburbCard['demand']) =>
  demand.listingsLast90Days === null
    ? 'Fewer than 3 listings published in the last 90 days'
    : `${demand.listingsLast90Days} listings published in the last 90 days`;

/**
 * '2 sellers here are waiting for an agent': sellers whose listing no agent has been asked about, the
 * plainest sign a suburb needs one. Nothing when none wait, so the common card stays short.
 */
export const waitingSellersText = (demand: SuburbCard['demand']): string | null =>
  demand.sellersWaitingForAgent === 0
    ? null
    : demand.sellersWaitingForAgent === 1
      ? '1 seller here is waiting for an agent'
      : `${demand.sellersWaitingForAgent} sellers here are waiting for an agent`;
