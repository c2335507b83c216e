import { describe, expect, it } from 'vitest';
import { BADGE_TIERS, badgeForSales, badgeSalesLabel, badgeSellerLabel } from './badges.ts';
import { ERROR_MESSAGES, isUnauthorizedMessage } from './errors.ts';
import { formatMoneyShort, formatTimeLeft, withScheme, formatDate, formatDatePadded, linkDomain } from './format.ts';
import { formatAppointmentClock } from './appointment-time.ts';
import { toInternationalPhone, toNationalPhone, startsWithTenDigits } from './phone.ts';
import { freeTrialFlags, gstPartOfInclusiveCents, subscriptionTotalDollars } from './pricing.ts';
import { agentSignupSchema, loginSchema, newPasswordSchema, userDetailsSchema } from './validation.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('badge tiers', () => {
  it.each([
    [0, null],
    [1, 'VERIFIED'],
    [9, 'VERIFIED'],
    [10, 'BRONZE'],
    [20, 'SILVER'],
    [30, 'GOLD'],
    [50, 'PLATINUM'],
    [99, 'PLATINUM'],
    [100, 'DIAMOND'],
  ])('%i confirmed sales earn %s', (sales, badge) => expect(badgeForSales(sales)).toBe(badge));

  it('labels the sale count of a tier', () => {
    expect(badgeSalesLabel('VERIFIED')).toBe('1 property sold');
    expect(badgeSalesLabel('GOLD')).toBe('30+ properties sold');
  });

  it('shows sellers the tier as a count of sales through Listwise, never as "Verified" (issue 23)', () => {
    expect(badgeSellerLabel('VERIFIED')).toBe('1 sale through Listwise');
    expect(badgeSellerLabel('GOLD')).toBe('Gold · 30+ sales through Listwise');
    for (const tier of BADGE_TIERS) expect(badgeSellerLabel(tier.badge)).not.toMatch(/verified/i);
  });
});

describe('subscription pricing', () => {
  it('makes the first remaining free trials free, in order', () => {
    expect(freeTrialFlags(5, 3, 0)).toEqual([true, true, true, false, false]);
    expect(freeTrialFlags(2, 5, 4)).toEqual([true, false]);
  });
  it('charges $495 for each suburb past the free trials', () => {
    expect(subscriptionTotalDollars(5, 3, 0)).toBe(990);
    expect(subscriptionTotalDollars(2, 5, 0)).toBe(0);
    expect(subscriptionTotalDollars(1, 5, 5)).toBe(495);
  });
  it('finds the GST part of an inclusive amount', () => {
    expect(gstPartOfInclusiveCents(110_000)).toBe(10_000);
    expect(gstPartOfInclusiveCents(49_500)).toBe(4_500);
  });
});

describe('formatting', () => {
  it('shortens money', () => {
    expect(formatMoneyShort(650_000)).toBe('$650k');
    expect(formatMoneyShort(999)).toBe('$0k');
    expect(formatMoneyShort(1_250_000)).toBe('$1.2m');
    expect(formatMoneyShort(2_000_000)).toBe('$2m');
    expect(formatMoneyShort(null)).toBe('?');
  });
  it('shows time left in hours when at least one remains, else minutes', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(formatTimeLeft(new Date('2026-01-02T23:40:00Z'), now)).toBe('48h left');
    expect(formatTimeLeft(new Date('2026-01-01T01:00:00Z'), now)).toBe('1h left');
    expect(formatTimeLeft(new Date('2026-01-01T00:59:00Z'), now)).toBe('59m left');
  });
  it('formats dates and appointment times', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5 Mar 2026');
    // Half past midnight in Sydney is still the day before in UTC: the screens name Sydney's day, as the e-mails do.
    expect(formatDate('2026-03-05T13:30:00Z')).toBe('6 Mar 2026');
    expect(formatDatePadded('2026-03-05T13:30:00Z')).toBe('06 Mar 2026');
    expect(formatDatePadded('2026-03-15T01:00:00Z')).toBe('15 Mar 2026');
    // A calendar date sent as YYYY-MM-DD (a licence's expiry) stays that day.
    expect(formatDate('2027-03-01')).toBe('1 Mar 2027');
    expect(formatAppointmentClock('14:30:00')).toBe('2:30pm');
    expect(formatAppointmentClock('08:00:00')).toBe('8:00am');
  });
  it('prefixes https:// on a link without a scheme', () => {
    expect(withScheme('domain.com.au/sold/1')).toBe('https://domain.com.au/sold/1');
    expect(withScheme('http://x.au')).toBe('http://x.au');
    // The site shown beside a comparable sale's link (issue 19).
    expect(linkDomain('https://www.realestate.com.au/sold/1?x=1')).toBe('realestate.com.au');
    expect(linkDomain(' domain.com.au/sold/1 ')).toBe('domain.com.au');
    expect(linkDomain('ftp://files.example/x')).toBeNull();
    expect(linkDomain('http://')).toBeNull();
  });
});

describe('phone numbers', () => {
  it('parses Australian mobiles to international and shows them nationally', () => {
    expect(startsWithTenDigits('0412 345 678')).toBe(true);
    expect(startsWithTenDigits('041234567')).toBe(false);
    expect(toInternationalPhone('0412 345 678')).toBe('+61412345678');
    expect(toInternationalPhone('1234567890')).toBeNull();
    expect(toNationalPhone('+61412345678')).toBe('0412 345 678');
  });
});

describe('form rules carry the spec messages', () => {
  it('login', () => {
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'x' }))).toBe('Email address is required');
    expect(firstMessage(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toBe('Email address is invalid');
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe('Password is required');
  });
  it('agent sign-up and new passwords', () => {
    expect(firstMessage(agentSignupSchema.safeParse({ email: 'a@b.co', password: '12345678' }))).toBe('Password is too short');
    expect(firstMessage(newPasswordSchema.safeParse({ password: '12345678', confirmPassword: '12345678' }))).toBe(
      'Password must be at least 9 characters',
    );
    expect(firstMessage(newPasswordSchema.safeParse({ password: '123456789', confirmPassword: '12345678x' }))).toBe('Passwords must match');
  });
  it('details forms', () => {
    const base = { name: 'A', email: 'a@b.co', mobileNumber: '0412345678' };
    expect(userDetailsSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(userDetailsSchema.safeParse({ ...base, name: '' }))).toBe('Name is required');
    expect(firstMessage(userDetailsSchema.safeParse({ ...base, mobileNumber: '' }))).toBe('Phone number is required');
    expect(firstMessage(userDetailsSchema.safeParse({ ...base, mobileNumber: '04123' }))).toBe('Phone number is invalid');
  });
});

describe('error catalogue', () => {
  it('maps codes to the spec texts and recognises unauthorised in either spelling', () => {
    expect(ERROR_MESSAGES.invalid_credentials).toBe('Incorrect email or password');
    expect(isUnauthorizedMessage('Unauthorised')).toBe(true);
    expect(isUnauthorizedMessage('unauthorized')).toBe(true);
    expect(isUnauthorizedMessage('forbidden')).toBe(false);
  });
});
