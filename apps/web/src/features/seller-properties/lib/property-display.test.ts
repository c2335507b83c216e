import { describe, expect, it } from 'vitest';
import { appraisalsHeading, cardAddress, fullAddress, noAppraisalsMessage, propertyBadge } from './property-display';

const active = { state: 'ACTIVE' as const, completeType: null, appraisalCount: 0, agentsAskedCount: 2, pendingAppraisalRequestCount: 2 };

describe('property cards', () => {
  it('show the badge of each state', () => {
    expect(propertyBadge({ ...active, state: 'COMPLETE', completeType: 'SOLD_UNCONDITIONALLY', appraisalCount: 3 }).label).toBe('Sold');
    expect(propertyBadge({ ...active, state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL' }).label).toBe('Off market');
    expect(propertyBadge({ ...active, state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_USE_LISTWISE', appraisalCount: 1 }).label).toBe(
      'Off market',
    );
    expect(propertyBadge({ ...active, appraisalCount: 2 }).label).toBe('2 Appraisals');
    expect(propertyBadge({ ...active, appraisalCount: 1 }).label).toBe('1 Appraisal');
    expect(propertyBadge(active).label).toBe('Waiting for appraisals');
  });

  it('never say "Waiting for appraisals" when no agent is still to answer (issue 23)', () => {
    expect(propertyBadge({ ...active, agentsAskedCount: 0, pendingAppraisalRequestCount: 0 }).label).toBe('Looking for agents');
    expect(propertyBadge({ ...active, pendingAppraisalRequestCount: 0 }).label).toBe('No appraisals');
    expect(
      propertyBadge({ ...active, state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL', pendingAppraisalRequestCount: 0 }).label,
    ).toBe('Off market');
  });

  it('promise an appraisal within 48 hours only while one is on its way', () => {
    const waiting = { ...active, isAwaitingVerification: false };
    expect(noAppraisalsMessage(waiting)).toContain('within 48 hours');
    for (const p of [
      { ...waiting, agentsAskedCount: 0, pendingAppraisalRequestCount: 0 },
      { ...waiting, pendingAppraisalRequestCount: 0 },
      { ...waiting, state: 'COMPLETE' as const, completeType: 'DECIDED_NOT_TO_SELL' as const, pendingAppraisalRequestCount: 0 },
    ]) {
      expect(noAppraisalsMessage(p)).not.toMatch(/48 hours|Waiting for appraisals/);
    }
    expect(noAppraisalsMessage({ ...waiting, agentsAskedCount: 0, pendingAppraisalRequestCount: 0 })).toContain(
      'No agent serves your suburb',
    );
    expect(noAppraisalsMessage({ ...waiting, state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL' })).toContain('off the market');
    expect(noAppraisalsMessage({ ...waiting, isAwaitingVerification: true })).toBeNull();
  });

  it('say a listing held for verification is on hold, not waiting for appraisals', () => {
    expect(propertyBadge({ ...active, isAwaitingVerification: true }).label).toBe('On hold for verification');
  });

  it('say how the requests ended: declined (never "did not answer in time"), expired, or both', () => {
    const ended = { ...active, pendingAppraisalRequestCount: 0, isAwaitingVerification: false };
    expect(noAppraisalsMessage({ ...ended, agentsAskedCount: 1 }, { declined: 1, expired: 0 })).toBe(
      'The agent you asked declined, so no appraisal is on its way. Their reason is shown above.',
    );
    expect(noAppraisalsMessage(ended, { declined: 1, expired: 1 })).toContain('declined or did not answer in time');
    expect(noAppraisalsMessage(ended, { declined: 0, expired: 2 })).toContain('did not answer in time');
    expect(noAppraisalsMessage(ended, { declined: 2, expired: 0 })).not.toContain('in time');
  });

  it('count appraisals received in words that agree with the number', () => {
    expect(appraisalsHeading(0)).toBe('Appraisals');
    expect(appraisalsHeading(1)).toBe('1 Appraisal received');
    expect(appraisalsHeading(3)).toBe('3 Appraisals received');
  });

  it("write the address as '12 Street Name, Suburb, STATE', with the street number and unit", () => {
    expect(cardAddress({ streetName: 'Blair Street', suburb: { name: 'Bondi', state: 'nsw' } })).toBe('Blair Street, Bondi, NSW');
    expect(cardAddress({ unitNumber: '2', streetNumber: '24', streetName: 'Blair Street', suburb: { name: 'Bondi', state: 'nsw' } })).toBe(
      '2/24 Blair Street, Bondi, NSW',
    );
    expect(
      cardAddress({ unitNumber: '3', streetNumber: '24', streetName: 'Blair Street', suburb: { name: 'Bondi', state: 'NSW' } }),
    ).not.toBe(cardAddress({ unitNumber: '2', streetNumber: '24', streetName: 'Blair Street', suburb: { name: 'Bondi', state: 'NSW' } }));
    expect(
      fullAddress({
        unitNumber: '2',
        streetNumber: '24',
        streetName: 'Blair Street',
        suburb: { name: 'Bondi', state: 'NSW', postcode: '2026' },
      }),
    ).toBe('2/24 Blair Street, Bondi NSW 2026');
  });
});
