// @vitest-environment happy-dom
/**
 * An appraisal as the seller and the agent read it (issue 23 item 18): the commission and the words after it are
 * separate words ('2.2% incl. GST of the sale price', never 'GSTof'), and a comparable sale carries its sale date.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { AppraisalSections } from './appraisal-sections';

const appraisal: AppraisalValues = {
  id: 'a1',
  state: 'SUBMITTED',
  sellingRangeMin: 1_020_000,
  sellingRangeMax: 1_120_000,
  additionalNotes: null,
  sentAt: '2026-05-13T02:00:00.000Z',
  comparableSales: [
    { id: 'c1', order: 0, address: '9 Wattle Street, Petersham', salePriceDollars: 1_050_000, saleDate: '2026-02-14', url: null },
  ],
  marketingFee: { id: 'm1', costDollars: 5500, marketingInclusions: [] },
  commission: { id: 'k1', commissionType: 'PERCENTAGE', percentageRate: 2.2, flatFeeCostDollars: null },
  appraisalVideo: null,
};

const text = (values: AppraisalValues) => {
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(
    <MemoryRouter>
      <AppraisalSections appraisal={values} />
    </MemoryRouter>,
  );
  return (container.textContent ?? '').replace(/\s+/g, ' ');
};

describe('the sections of an appraisal', () => {
  it('keeps a space between the commission and what it is of', () => {
    expect(text(appraisal)).toContain('2.2% incl. GST of the sale price');
    const flat = text({
      ...appraisal,
      commission: { id: 'k2', commissionType: 'FLAT_FEE', percentageRate: null, flatFeeCostDollars: 24_000 },
    });
    expect(flat).toContain('$24,000 incl. GST flat fee');
  });

  it('dates each comparable sale', () => {
    expect(text(appraisal)).toContain('14 Feb 2026');
  });
});
