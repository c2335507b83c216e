import { describe, expect, it } from 'vitest';
import { describeHowListwiseMakesMoney, FORBIDDEN_AGENT_CLAIMS, leadFeeVendorDisclosure, moneyDisclosureText } from './disclosure.ts';

const fees = { suburbSubscriptionAnnualPriceDollars: 495, leadFeeExcludingGstDollars: 1000, leadFeeIncludingGstDollars: 1100 };

describe('how Listwise makes money', () => {
  it('states both amounts it is given, that only subscribers are shown and that the order is not for sale', () => {
    const text = moneyDisclosureText(fees);
    expect(text).toContain('$495 a year');
    expect(text).toContain('$1,000 plus GST ($1,100)');
    expect(text).toContain('Only agents who subscribe');
    expect(text).toContain('not for sale');
  });

  it('follows the settings: other amounts give other words', () => {
    const text = moneyDisclosureText({
      suburbSubscriptionAnnualPriceDollars: 600,
      leadFeeExcludingGstDollars: 1200,
      leadFeeIncludingGstDollars: 1320,
    });
    expect(text).toContain('$600 a year');
    expect(text).toContain('$1,200 plus GST ($1,320)');
    expect(text).not.toContain('$495');
  });

  it("never calls an agent 'best', 'top' or 'independent'", () => {
    const words = [
      moneyDisclosureText(fees),
      describeHowListwiseMakesMoney(fees).linkText,
      leadFeeVendorDisclosure(fees, { agentName: 'Ann', agencyName: 'Harbour Realty', propertyAddress: '1 Main St' }),
    ]
      .join(' ')
      .toLowerCase();
    for (const claim of FORBIDDEN_AGENT_CLAIMS) expect(words).not.toMatch(new RegExp(`\\b${claim}\\b`));
  });

  it('gives agents wording naming them, their agency, the property and the fee', () => {
    const text = leadFeeVendorDisclosure(fees, {
      agentName: 'Ann Lee',
      agencyName: 'Harbour Realty',
      propertyAddress: '1 Main St, Manly NSW 2095',
    });
    expect(text).toContain('Ann Lee of Harbour Realty');
    expect(text).toContain('1 Main St, Manly NSW 2095');
    expect(text).toContain('$1,000 plus GST ($1,100)');
    expect(text).toContain('not charged to you');
    expect(leadFeeVendorDisclosure(fees, { agentName: 'Ann Lee', agencyName: null, propertyAddress: null })).toContain(
      'introduced to Ann Lee through',
    );
    expect(leadFeeVendorDisclosure(fees, { agentName: 'Ann Lee', agencyName: null, propertyAddress: null })).toContain(
      'If your property is sold',
    );
  });
});
