import { describe, expect, it } from 'vitest';
import { agentLicenceSchema, licenceDecisionSchema, LICENCE_MESSAGES } from './agent-licence.ts';

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
