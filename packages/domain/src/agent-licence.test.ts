import { describe, expect, it } from 'vitest';
import {
  agentLicenceSchema,
  daysBetween,
  isCalendarDate,
  isLicenceExpiredOn,
  isLicenceVerifiedOn,
  licenceDecisionSchema,
  licenceExpiryProblem,
  licenceExpiryReminderDue,
  licenceStandingOn,
  licenceToday,
  LICENCE_EXPIRY_MESSAGES,
  LICENCE_MESSAGES,
  type LicenceStandingInput,
} from './agent-licence.ts';

const message = (input: unknown) => {
  const result = agentLicenceSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('agentLicenceSchema', () => {
  it('accepts digits in NSW, VIC and QLD, dropping spaces and dashes', () => {
    expect(agentLicenceSchema.parse({ licenceNumber: '20 123-456', licenceState: 'NSW' })).toMatchObject({ licenceNumber: '20123456' });
    expect(message({ licenceNumber: '12345', licenceState: 'VIC' })).toBeNull();
    expect(message({ licenceNumber: 'AB1234', licenceState: 'QLD' })).toBe(LICENCE_MESSAGES.digitsOnly('QLD'));
    expect(message({ licenceNumber: '1234', licenceState: 'NSW' })).toBe(LICENCE_MESSAGES.digitsOnly('NSW'));
  });

  it('takes 4 to 20 letters or digits elsewhere', () => {
    expect(agentLicenceSchema.parse({ licenceNumber: 'rla 123', licenceState: 'SA' }).licenceNumber).toBe('RLA123');
    expect(message({ licenceNumber: 'AB1', licenceState: 'WA' })).toBe(LICENCE_MESSAGES.numberFormat);
    expect(message({ licenceNumber: 'A'.repeat(200), licenceState: 'WA' })).toBe(LICENCE_MESSAGES.numberFormat);
    expect(message({ licenceNumber: 'AB12/34', licenceState: 'TAS' })).toBe(LICENCE_MESSAGES.numberFormat);
    expect(message({ licenceNumber: '', licenceState: 'ACT' })).toBe(LICENCE_MESSAGES.numberRequired);
  });

  it('refuses an unknown state', () => {
    expect(agentLicenceSchema.safeParse({ licenceNumber: '123456', licenceState: 'XX' }).success).toBe(false);
  });
});

describe('licenceDecisionSchema', () => {
  it('needs a reason to reject, not to approve', () => {
    expect(licenceDecisionSchema.safeParse({ approved: true }).success).toBe(true);
    expect(licenceDecisionSchema.safeParse({ approved: false, reason: '  ' }).success).toBe(false);
    expect(licenceDecisionSchema.safeParse({ approved: false, reason: 'Not on the register' }).success).toBe(true);
  });
});

describe('licence expiry (issue 22)', () => {
  const licence = (over: Partial<LicenceStandingInput> = {}): LicenceStandingInput => ({
    status: 'VERIFIED',
    expiresOn: '2027-06-30',
    verifiedUntil: '2027-06-30',
    lapsedOn: null,
    ...over,
  });

  it('checks the date the agent types against the state’s today', () => {
    expect(licenceExpiryProblem('', '2026-11-25')).toBe(LICENCE_EXPIRY_MESSAGES.required);
    expect(licenceExpiryProblem(null, '2026-11-25')).toBe(LICENCE_EXPIRY_MESSAGES.required);
    expect(licenceExpiryProblem('2027-02-30', '2026-11-25')).toBe(LICENCE_EXPIRY_MESSAGES.format);
    expect(licenceExpiryProblem('30/06/2027', '2026-11-25')).toBe(LICENCE_EXPIRY_MESSAGES.format);
    expect(licenceExpiryProblem('2026-11-24', '2026-11-25')).toBe(LICENCE_EXPIRY_MESSAGES.passed);
    expect(licenceExpiryProblem('2026-11-25', '2026-11-25')).toBeNull();
    expect(licenceExpiryProblem('2036-11-25', '2026-11-25')).toBeNull();
    expect(licenceExpiryProblem('2037-12-01', '2026-11-25')).toBe(LICENCE_EXPIRY_MESSAGES.tooFar);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
  });

  it('reads today where the licence was issued: a Perth licence expiring today still holds this evening in Perth', () => {
    // 17:30 UTC on 30 June is 3:30 am on 1 July in Sydney and 1:30 am in Perth.
    const now = new Date('2027-06-30T17:30:00Z');
    expect(licenceToday('NSW', now)).toBe('2027-07-01');
    expect(licenceToday('WA', now)).toBe('2027-07-01');
    const evening = new Date('2027-06-30T13:00:00Z'); // 11 pm in Sydney, 9 pm in Perth
    expect(licenceToday('WA', evening)).toBe('2027-06-30');
    expect(isLicenceExpiredOn(licence(), licenceToday('WA', evening))).toBe(false);
  });

  it('shows the mark only while the verified licence is current, through a renewal waiting for its check', () => {
    expect(isLicenceVerifiedOn(licence(), '2027-06-30')).toBe(true);
    expect(isLicenceVerifiedOn(licence(), '2027-07-01')).toBe(false);
    expect(licenceStandingOn(licence(), '2027-07-01')).toBe('EXPIRED');
    // A renewal of the same number entered before the expiry: pending, and the mark stays until the old date.
    const renewal = licence({ status: 'PENDING', expiresOn: '2028-06-30' });
    expect(isLicenceVerifiedOn(renewal, '2027-06-01')).toBe(true);
    expect(licenceStandingOn(renewal, '2027-06-01')).toBe('VERIFIED');
    expect(isLicenceExpiredOn(renewal, '2027-07-01')).toBe(true);
    // Verified before expiry dates were asked for: kept until one is entered.
    expect(isLicenceVerifiedOn(licence({ expiresOn: null, verifiedUntil: null }), '2030-01-01')).toBe(true);
    expect(isLicenceExpiredOn(licence({ expiresOn: null, verifiedUntil: null }), '2030-01-01')).toBe(false);
  });

  it('stops requests once expired, and a replacement after that keeps them stopped until verified', () => {
    const unverified = licence({ status: 'PENDING', verifiedUntil: null });
    expect(isLicenceExpiredOn(unverified, '2027-06-30')).toBe(false);
    expect(licenceStandingOn(unverified, '2027-06-30')).toBe('PENDING');
    expect(isLicenceExpiredOn(unverified, '2027-07-01')).toBe(true);
    const replaced = licence({ status: 'PENDING', expiresOn: '2030-01-01', verifiedUntil: null, lapsedOn: '2027-06-30' });
    expect(isLicenceExpiredOn(replaced, '2027-08-01')).toBe(true);
    expect(licenceStandingOn(licence({ status: 'REJECTED', verifiedUntil: null }), '2027-01-01')).toBe('REJECTED');
  });

  it('is due a reminder at 30 days and at 7 days, once each per expiry date', () => {
    const none = { thirtyDaysFor: null, sevenDaysFor: null };
    expect(licenceExpiryReminderDue('2027-06-30', '2027-05-30', none)).toBeNull(); // 31 days
    expect(licenceExpiryReminderDue('2027-06-30', '2027-05-31', none)).toBe(30);
    expect(licenceExpiryReminderDue('2027-06-30', '2027-06-10', { thirtyDaysFor: '2027-06-30', sevenDaysFor: null })).toBeNull();
    expect(licenceExpiryReminderDue('2027-06-30', '2027-06-23', { thirtyDaysFor: '2027-06-30', sevenDaysFor: null })).toBe(7);
    expect(licenceExpiryReminderDue('2027-06-30', '2027-06-25', { thirtyDaysFor: '2027-06-30', sevenDaysFor: '2027-06-30' })).toBeNull();
    // Sent for an earlier date: a renewed date is reminded afresh.
    expect(licenceExpiryReminderDue('2028-06-30', '2028-06-01', { thirtyDaysFor: '2027-06-30', sevenDaysFor: '2027-06-30' })).toBe(30);
    // Entered with under a week to run: only the 7-day one.
    expect(licenceExpiryReminderDue('2027-06-30', '2027-06-27', none)).toBe(7);
    expect(licenceExpiryReminderDue('2027-06-30', '2027-07-01', none)).toBeNull();
    expect(daysBetween('2027-06-23', '2027-06-30')).toBe(7);
  });
});
