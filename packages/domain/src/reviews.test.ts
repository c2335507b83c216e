import { describe, expect, it } from 'vitest';
import {
  agentReviewSchema,
  containsContactDetails,
  emailDomainOf,
  isOrganisationDomain,
  replyHoldReasons,
  reviewerFirstNameOf,
} from './reviews.ts';

describe('containsContactDetails', () => {
  it.each([
    'Call him on 0412 345 678.',
    'Office: (02) 9999-1234',
    'Mobile +61 412 345 678',
    'Write to sam.smith@harbour-realty.com.au please',
    'sam at harbour dot com is sam (at) harbour (dot) com',
    'See https://example.com/agent',
    'See www.harbour.com.au',
    'See harbourrealty.com.au',
  ])('finds contact details in %j', (text) => expect(containsContactDetails(text)).toBe(true));

  it.each([
    'We sold for $1,250,000 after 3 weeks, 2 weeks faster than the 5 week guide.',
    'Contract signed on 01/10/2026; settlement in 42 days.',
    'A great agent. Honest, fair and quick to answer every question we had.',
    'She was 100% right about the price range: 1.2 to 1.3 million.',
  ])('finds none in %j', (text) => expect(containsContactDetails(text)).toBe(false));
});

describe('review rules', () => {
  it('counts characters as people see them and trims', () => {
    expect(agentReviewSchema.safeParse({ rating: 5, text: `  ${'🏠'.repeat(30)}  ` }).success).toBe(true);
    expect(agentReviewSchema.safeParse({ rating: 5, text: '🏠'.repeat(29) }).success).toBe(false);
    expect(agentReviewSchema.safeParse({ rating: 4.5, text: 'a'.repeat(30) }).success).toBe(false);
  });

  it('reads domains and first names', () => {
    expect(emailDomainOf('Sam@Harbour.COM.au')).toBe('harbour.com.au');
    expect(isOrganisationDomain('gmail.com')).toBe(false);
    expect(isOrganisationDomain('harbour.com.au')).toBe(true);
    expect(reviewerFirstNameOf('  Jordan   Citizen ')).toBe('Jordan');
    expect(reviewerFirstNameOf(null)).toBe('A seller');
  });
});

describe('replyHoldReasons', () => {
  const reviewer = { fullName: 'Jordan Avery Smith-Jones', streetName: 'Campbell Parade' };

  it('passes a reply that names the reviewer by first name only', () => {
    expect(replyHoldReasons('Thanks Jordan, it was a pleasure to help with the sale.', reviewer)).toEqual([]);
  });

  it("holds a reply giving the reviewer's surname, street, phone number or e-mail", () => {
    expect(replyHoldReasons('Jordan Smith-Jones never paid the photographer.', reviewer)).toEqual(['REVIEWER_DETAILS']);
    expect(replyHoldReasons('jordan AVERY knows why.', reviewer)).toEqual(['REVIEWER_DETAILS']);
    expect(replyHoldReasons('The house on campbell parade had issues.', reviewer)).toEqual(['REVIEWER_DETAILS']);
    expect(replyHoldReasons('Call me on 0412 345 678 to talk about it.', reviewer)).toEqual(['CONTACT_DETAILS']);
    expect(replyHoldReasons('Smith-Jones of Campbell Parade, write to jordan@example.com', reviewer)).toEqual([
      'CONTACT_DETAILS',
      'REVIEWER_DETAILS',
    ]);
  });

  it('compares whole words: a street word alone or a name inside another word is not the reviewer', () => {
    expect(replyHoldReasons('The parade of buyers was long.', reviewer)).toEqual([]);
    expect(replyHoldReasons('A smithy next door.', { fullName: 'Jo Smith', streetName: null })).toEqual([]);
    expect(replyHoldReasons('A is for apple.', { fullName: 'Jo A', streetName: '' })).toEqual([]);
  });
});
