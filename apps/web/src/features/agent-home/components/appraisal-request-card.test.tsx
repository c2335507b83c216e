// @vitest-environment happy-dom
/**
 * The agent's request card (issue 23 item 3): a request is dated 'Request received on', never 'Appraisal received
 * on'; a count the seller left blank reads as not given, never '0 car spaces'; and a sent appraisal shows the range
 * as the agent entered it ($1,020,000, not '$1m').
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppraisalRequestCard as CardData } from '@/features/agent-home/api/appraisal-requests';
import { AppraisalRequestCard } from './appraisal-request-card';

const request: CardData = {
  id: 'r1',
  state: 'PENDING',
  seenByAgent: true,
  detailsHidden: false,
  // Midday in UTC and in Sydney alike: the same calendar day on any device.
  requestedAt: '2026-05-12T02:00:00.000Z',
  expiresAt: '2026-05-14T02:00:00.000Z',
  property: {
    id: 'p1',
    state: 'ACTIVE',
    streetNumber: '12',
    streetName: 'Wattle Street',
    unitNumber: null,
    numberOfBedrooms: 3,
    numberOfBathrooms: 2,
    numberOfCarSpaces: null,
    suburb: { id: 's1', name: 'Petersham', state: 'NSW', postcode: '2049' },
    photos: [],
    listingUpdatedAt: null,
  },
  propertyAppraisal: null,
};

const text = (card: CardData) => {
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(
    <MemoryRouter>
      <AppraisalRequestCard request={card} now={new Date('2026-05-12T04:00:00.000Z')} />
    </MemoryRouter>,
  );
  return container.textContent ?? '';
};

describe("the agent's request card", () => {
  it('dates a request as received, not as an appraisal, and a blank count as not given', () => {
    const content = text(request);
    expect(content).toContain('Request received on12 May 2026');
    expect(content).not.toMatch(/Appraisal received/);
    expect(content).toContain('car spaces not given');
    expect(content).not.toMatch(/0\s*car spaces/);
    expect(content).toContain('3 bedrooms');
  });

  it('shows a sent appraisal with the range as the agent entered it', () => {
    const content = text({
      ...request,
      state: 'COMPLETE',
      propertyAppraisal: {
        id: 'a1',
        sentAt: '2026-05-13T02:00:00.000Z',
        sellingRangeMin: 1_020_000,
        sellingRangeMax: 1_120_000,
        marketingFee: { id: 'm1', costDollars: 5500, marketingInclusions: [] },
        commission: { id: 'c1', commissionType: 'PERCENTAGE', percentageRate: 2.2, flatFeeCostDollars: null },
      },
    });
    expect(content).toContain('$1,020,000 – $1,120,000');
    expect(content).not.toContain('$1m');
    expect(content).toContain('Appraisal sent on13 May 2026');
    expect(content).toContain('2.2% incl. GST');
  });
});
