import { describe, expect, it } from 'vitest';
import { addressStepSchema, addressStepWithContactSchema, manualAddressSchema } from './listing-address.ts';
import { LISTING_MESSAGES } from './listing-constants.ts';
import { MESSAGES } from './validation.ts';

/**
 * The address step's rules as the browser runs them: this file imports zod/mini alone (no `zod`, so no locale is
 * loaded), so every message below is the rule's own, as the visitor sees it (spec 001 §5).
 */
const address = { suburbId: '12', streetName: 'Campbell Parade', streetNumber: '12', unitNumber: null, description: '12 Campbell Parade' };
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the address step', () => {
  it('asks for an address and takes a unit number of at most 50 characters', () => {
    expect(messagesOf(addressStepSchema.safeParse({ address: null, unitNumber: 'u'.repeat(51) }))).toEqual({
      address: LISTING_MESSAGES.addressRequired,
      unitNumber: LISTING_MESSAGES.unitNumberTooLong,
    });
    expect(addressStepSchema.safeParse({ address, unitNumber: ` ${'u'.repeat(50)} ` }).success).toBe(true);
    expect(addressStepSchema.parse({ address, unitNumber: ' 3A ' }).unitNumber).toBe('3A');
  });

  it("asks a visitor also for a name, a valid e-mail and the terms' acceptance, in the spec's words", () => {
    expect(
      messagesOf(addressStepWithContactSchema.safeParse({ address, unitNumber: '', name: ' ', email: '', isPrivacyPolicyAccepted: false })),
    ).toEqual({
      name: MESSAGES.nameRequired,
      email: MESSAGES.emailRequired,
      isPrivacyPolicyAccepted: 'You must agree to the terms & conditions',
    });
    const badEmail = { address, unitNumber: '', name: 'Lee', email: 'lee@', isPrivacyPolicyAccepted: true };
    expect(messagesOf(addressStepWithContactSchema.safeParse(badEmail))).toEqual({ email: 'Email address is invalid' });
    expect(addressStepWithContactSchema.safeParse({ ...badEmail, email: ' lee@example.com ' }).success).toBe(true);
  });
});

describe('the manual address modal', () => {
  it('asks for a street address and a suburb', () => {
    expect(messagesOf(manualAddressSchema.safeParse({ streetAddress: '  ', suburbId: '' }))).toEqual({
      streetAddress: 'Street address is required',
      suburbId: 'Suburb is required',
    });
    expect(messagesOf(manualAddressSchema.safeParse({ streetAddress: '7 Test Lane' }))).toEqual({ suburbId: 'Suburb is required' });
  });

  it("says how long a street address may be, in words, not zod's fallback", () => {
    expect(messagesOf(manualAddressSchema.safeParse({ streetAddress: `7 ${'x'.repeat(275)}`, suburbId: '12' }))).toEqual({
      streetAddress: 'Must be at most 276 characters',
    });
    expect(manualAddressSchema.safeParse({ streetAddress: `7 ${'x'.repeat(274)}`, suburbId: '12' }).success).toBe(true);
  });
});
