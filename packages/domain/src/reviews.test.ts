import { describe, expect, it } from 'vitest';
import { agentReviewSchema, containsContactDetails, emailDomainOf, isOrganisationDomain, reviewerFirstNameOf } from './reviews.ts';

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
