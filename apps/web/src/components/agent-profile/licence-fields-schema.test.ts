import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LICENCE_EXPIRY_MESSAGES, LICENCE_MESSAGES } from '@listwise/domain/agent-licence';
import {
  licenceFieldOfServerField,
  licenceFieldsSchema,
  optionalLicenceFieldsSchema,
  type LicenceFieldValues,
} from './licence-fields-schema';

// 01:00 on 1 March 2027 in Sydney; still 22:00 on 28 February in Perth.
const NOW = new Date('2027-02-28T14:00:00Z');
const clock = () => NOW;
const blank: LicenceFieldValues = { number: '', state: '', licenseeName: '', expiresOn: '' };
const typed = (values: Partial<LicenceFieldValues>): LicenceFieldValues => ({ ...blank, ...values });

const problemsOf = (values: LicenceFieldValues, schema: z.ZodType = licenceFieldsSchema(clock)) => {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('the licence fields', () => {
  it('ask for the state, the number and the expiry when nothing is typed', () => {
    expect(problemsOf(blank)).toEqual({
      state: LICENCE_MESSAGES.stateRequired,
      number: LICENCE_MESSAGES.numberRequired,
      expiresOn: LICENCE_EXPIRY_MESSAGES.required,
    });
  });

  it("check the number's shape only once its state is known, with the domain's messages", () => {
    expect(problemsOf(typed({ number: 'ABC', expiresOn: '2028-06-30' }))).toEqual({ state: LICENCE_MESSAGES.stateRequired });
    expect(problemsOf(typed({ number: 'ABC123', state: 'NSW', expiresOn: '2028-06-30' }))).toEqual({
      number: LICENCE_MESSAGES.digitsOnly('NSW'),
    });
    expect(problemsOf(typed({ number: 'A1', state: 'WA', expiresOn: '2028-06-30' }))).toEqual({ number: LICENCE_MESSAGES.numberFormat });
  });

  it("check the expiry on today's date where the licence was issued", () => {
    expect(problemsOf(typed({ number: '20777111', state: 'NSW', expiresOn: '2027-02-28' }))).toEqual({
      expiresOn: LICENCE_EXPIRY_MESSAGES.passed,
    });
    // Still 28 February in Perth: a licence expiring that day holds there.
    expect(problemsOf(typed({ number: 'RA12345', state: 'WA', expiresOn: '2027-02-28' }))).toEqual({});
    expect(problemsOf(typed({ number: '20777111', state: 'NSW', expiresOn: '2027-02-30' }))).toEqual({
      expiresOn: LICENCE_EXPIRY_MESSAGES.format,
    });
    expect(problemsOf(typed({ number: '20777111', state: 'NSW', expiresOn: '2040-01-01' }))).toEqual({
      expiresOn: LICENCE_EXPIRY_MESSAGES.tooFar,
    });
  });

  it('give the licence as the API takes it: number without spaces or dashes, no empty licensee name', () => {
    expect(licenceFieldsSchema(clock).parse(typed({ number: '20 777-111', state: 'NSW', expiresOn: ' 2028-06-30 ' }))).toEqual({
      licenceNumber: '20777111',
      licenceState: 'NSW',
      licenseeName: null,
      licenceExpiresOn: '2028-06-30',
    });
    expect(
      licenceFieldsSchema(clock).parse(
        typed({ number: 'ra12345', state: 'WA', licenseeName: ' Westside Realty ', expiresOn: '2028-06-30' }),
      ),
    ).toMatchObject({ licenceNumber: 'RA12345', licenseeName: 'Westside Realty' });
  });

  it('may stay blank on the sign-up profile, but anything typed is checked as a whole', () => {
    expect(optionalLicenceFieldsSchema(clock).parse(blank)).toBeNull();
    expect(optionalLicenceFieldsSchema(clock).parse(typed({ licenseeName: 'Westside Realty' }))).toBeNull();
    expect(problemsOf(typed({ state: 'NSW' }), optionalLicenceFieldsSchema(clock))).toEqual({
      number: LICENCE_MESSAGES.numberRequired,
      expiresOn: LICENCE_EXPIRY_MESSAGES.required,
    });
  });

  it('name the field a server error is about, as the form calls it', () => {
    expect(licenceFieldOfServerField('licenceExpiresOn')).toBe('expiresOn');
    expect(licenceFieldOfServerField('licenceNumber')).toBe('number');
    expect(licenceFieldOfServerField('licenceState')).toBe('state');
    expect(licenceFieldOfServerField('bio')).toBeNull();
    expect(licenceFieldOfServerField(null)).toBeNull();
  });
});
