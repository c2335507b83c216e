import { z } from 'zod';
import { australianStateSchema } from './enum-schemas.ts';
import type { AustralianState } from './enums.ts';

/**
 * Agents' licences (issue 12). Every Australian agent holds a state licence or certificate of registration; the
 * agent enters its number and state, an operator checks it on the state's public register. Formats are checked
 * where the state's numbers follow a published shape (all digits in NSW, VIC and QLD); elsewhere 4–20 letters or
 * digits. Spaces and dashes people type are dropped before checking.
 */
export const AgentLicenceStatus = { PENDING: 'PENDING', VERIFIED: 'VERIFIED', REJECTED: 'REJECTED' } as const;
export type AgentLicenceStatus = (typeof AgentLicenceStatus)[keyof typeof AgentLicenceStatus];

export const LICENCE_MESSAGES = {
  numberRequired: 'Licence number is required',
  numberFormat: 'Licence number must be 4 to 20 letters or digits',
  digitsOnly: (state: string) => `A ${state} licence number is digits only (5 to 10 digits)`,
  stateRequired: 'Licence state is required',
  licenseeNameTooLong: 'Licensee name must be at most 196 characters',
  reasonRequired: 'Give a reason for the rejection',
  reasonTooLong: 'Reason must be at most 500 characters',
} as const;

const DIGITS_ONLY_STATES: readonly AustralianState[] = ['NSW', 'VIC', 'QLD'];

/** Where an operator checks a licence, per state. */
export const LICENCE_REGISTERS: Record<AustralianState, string> = {
  ACT: 'https://www.accesscanberra.act.gov.au/s/public-registers',
  NSW: 'https://verify.licence.nsw.gov.au/',
  NT: 'https://nt.gov.au/industry/licences/find-a-licensed-real-estate-agent',
  QLD: 'https://www.qld.gov.au/law/fair-trading/fair-trading-licences/check-a-licence',
  SA: 'https://www.cbs.sa.gov.au/public-registers',
  TAS: 'https://www.cbos.tas.gov.au/topics/licensing-and-registration/public-registers',
  VIC: 'https://www.consumer.vic.gov.au/licensing-and-registration/estate-agents/check-a-licence',
  WA: 'https://www.commerce.wa.gov.au/consumer-protection/check-licence',
};

/** '10 123-456' → '10123456': what people type around the number is not part of it. */
export const normaliseLicenceNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export const agentLicenceSchema = z
  .object({
    licenceNumber: z.string({ error: LICENCE_MESSAGES.numberRequired }).transform(normaliseLicenceNumber),
    licenceState: australianStateSchema,
    licenseeName: z
      .string()
      .trim()
      .max(196, LICENCE_MESSAGES.licenseeNameTooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((value, ctx) => {
    const number = value.licenceNumber;
    if (!number) {
      ctx.addIssue({ code: 'custom', path: ['licenceNumber'], message: LICENCE_MESSAGES.numberRequired });
    } else if (DIGITS_ONLY_STATES.includes(value.licenceState)) {
      if (!/^\d{5,10}$/.test(number))
        ctx.addIssue({ code: 'custom', path: ['licenceNumber'], message: LICENCE_MESSAGES.digitsOnly(value.licenceState) });
    } else if (!/^[A-Z0-9]{4,20}$/.test(number)) {
      ctx.addIssue({ code: 'custom', path: ['licenceNumber'], message: LICENCE_MESSAGES.numberFormat });
    }
  });
export type AgentLicenceInput = z.input<typeof agentLicenceSchema>;

export const licenceDecisionSchema = z
  .object({ approved: z.boolean(), reason: z.string().trim().max(500, LICENCE_MESSAGES.reasonTooLong).nullish() })
  .refine((v) => v.approved || !!v.reason, { path: ['reason'], message: LICENCE_MESSAGES.reasonRequired });
