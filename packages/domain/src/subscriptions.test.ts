import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AGENT_SUBURBS } from './constants.ts';
import {
  addSubscriptionPeriod,
  agentSuburbsLeft,
  isSubscriptionLive,
  placesLeft,
  refuseSuburbClaim,
  type SuburbClaimFacts,
} from './subscriptions.ts';

describe('addSubscriptionPeriod', () => {
  it('ends 12 months later, to the millisecond', () => {
    const from = new Date('2026-11-27T13:30:00.123Z');
    expect(addSubscriptionPeriod(from).toISOString()).toBe('2027-11-27T13:30:00.123Z');
  });
  it('ends a 29 February start on 28 February', () => {
    expect(addSubscriptionPeriod(new Date('2028-02-29T05:00:00Z')).toISOString()).toBe('2029-02-28T05:00:00.000Z');
  });
  it('always ends between 365 and 366 days later', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (from) => {
        const days = (addSubscriptionPeriod(from).getTime() - from.getTime()) / 86_400_000;
        return days >= 365 && days <= 366;
      }),
    );
  });
});

describe('isSubscriptionLive', () => {
  const now = new Date('2026-11-27T00:00:00Z');
  it('is live until the instant its period ends, unless cancelled', () => {
    expect(isSubscriptionLive({ cancelledAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isSubscriptionLive({ cancelledAt: null, expiresAt: now }, now)).toBe(false);
    expect(isSubscriptionLive({ cancelledAt: now, expiresAt: new Date(now.getTime() + 86_400_000) }, now)).toBe(false);
  });
});

describe('places', () => {
  it('leaves none once the taken places reach the maximum, never a negative number', () => {
    expect(placesLeft(3, 2)).toBe(1);
    expect(placesLeft(3, 3)).toBe(0);
    expect(placesLeft(2, 3)).toBe(0);
  });
  it('lets an agent hold five suburbs at most; a new claim also counts every free trial claimed', () => {
    expect(agentSuburbsLeft(0)).toBe(MAX_AGENT_SUBURBS);
    expect(agentSuburbsLeft(4)).toBe(1);
    expect(agentSuburbsLeft(5)).toBe(0);
    expect(agentSuburbsLeft(2, 5)).toBe(0);
    expect(agentSuburbsLeft(2, 3)).toBe(2);
  });
});

describe('refuseSuburbClaim', () => {
  const open: SuburbClaimFacts = {
    accountClosed: false,
    suspended: false,
    claimed: [1],
    suburbs: [{ id: 1, subscribedAgentsMax: 3, taken: 2 }],
    heldByAgent: new Set([7, 8]),
    freeTrialsClaimed: null,
  };

  it('accepts a claim with a place free, within the five, by an agent in good standing', () => {
    expect(refuseSuburbClaim(open)).toBeNull();
  });

  it('asks its rules in order: closed, suspended, unknown suburb, held already, full, over the five', () => {
    expect(refuseSuburbClaim({ ...open, accountClosed: true, suspended: true })).toBe('account_already_deleted');
    expect(refuseSuburbClaim({ ...open, suspended: true, suburbs: [] })).toBe('agent_suspended');
    expect(refuseSuburbClaim({ ...open, suburbs: [], heldByAgent: new Set([1]) })).toBe('not_found');
    expect(refuseSuburbClaim({ ...open, heldByAgent: new Set([1]), suburbs: [{ id: 1, subscribedAgentsMax: 1, taken: 1 }] })).toBe(
      'some_suburb_already_subscribed_to',
    );
    expect(
      refuseSuburbClaim({ ...open, suburbs: [{ id: 1, subscribedAgentsMax: 2, taken: 2 }], heldByAgent: new Set([2, 3, 4, 5, 6]) }),
    ).toBe('some_suburb_at_capacity');
    expect(refuseSuburbClaim({ ...open, heldByAgent: new Set([2, 3, 4, 5, 6]) })).toBe('validation_failed');
  });

  it('counts free trials claimed against a new claim only', () => {
    expect(refuseSuburbClaim({ ...open, heldByAgent: new Set(), freeTrialsClaimed: 5 })).toBe('validation_failed');
    expect(refuseSuburbClaim({ ...open, heldByAgent: new Set(), freeTrialsClaimed: null })).toBeNull();
  });

  it('never accepts a claim that would put an agent over five suburbs or a suburb over its maximum', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 7 }),
        fc.nat({ max: 4 }),
        fc.nat({ max: 4 }),
        (claimed, held, max, taken) => {
          const facts: SuburbClaimFacts = {
            ...open,
            claimed,
            heldByAgent: new Set(held),
            suburbs: claimed.map((id) => ({ id, subscribedAgentsMax: max, taken })),
          };
          if (refuseSuburbClaim(facts) !== null) return true;
          return held.length + claimed.length <= MAX_AGENT_SUBURBS && taken < max && !claimed.some((id) => held.includes(id));
        },
      ),
    );
  });
});
