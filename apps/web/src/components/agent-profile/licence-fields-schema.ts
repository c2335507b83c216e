/**
 * The licence fields as a form holds them (number, state, licensee's name, expiry date), checked with the server's
 * own rules: the domain's licence schema and expiry rule, so each message has one source. Profile settings require
 * a licence; the sign-up profile step saves without one when nothing was typed.
 */
import { z } from 'zod';
import { LICENCE_MESSAGES, agentLicenceSchema, licenceExpiryProblem, licenceToday } from '@listwise/domain/agent-licence';
import { australianStateSchema } from '@listwise/domain/enum-schemas';
import type { AustralianState } from '@listwise/domain/enums';

/** What the agent typed, as the fields hold it. */
export interface LicenceFieldValues {
  number: string;
  state: AustralianState | '';
  licenseeName: string;
  /** YYYY-MM-DD, as a date input holds it. */
  expiresOn: string;
}

/** The licence as `updateAgentLicence` and the sign-up profile save take it. */
export interface LicenceInput {
  licenceNumber: string;
  licenceState: AustralianState;
  licenseeName: string | null;
  licenceExpiresOn: string;
}

type LicenceField = keyof LicenceFieldValues;
const SERVER_FIELDS: Record<string, LicenceField> = { licenceNumber: 'number', licenceState: 'state', licenceExpiresOn: 'expiresOn' };

/** The field a server error names ('licenceExpiresOn'), as the form calls it; null for any other. */
export const licenceFieldOfServerField = (field: string | null): LicenceField | null => (field && SERVER_FIELDS[field]) || null;

/** Nothing typed: the sign-up profile saves without a licence. */
export const isLicenceBlank = (values: LicenceFieldValues) => !values.number.trim() && !values.state && !values.expiresOn;

/**
 * What is wrong with the typed licence, by field. No state: the state is asked for (and the number, when empty),
 * since a number's shape depends on its state. The expiry is checked on today's date where the licence was issued.
 */
export function licenceFieldProblems(values: LicenceFieldValues, now: Date): Partial<Record<LicenceField, string>> {
  const problems: Partial<Record<LicenceField, string>> = {};
  if (!values.state) {
    problems.state = LICENCE_MESSAGES.stateRequired;
    if (!values.number.trim()) problems.number = LICENCE_MESSAGES.numberRequired;
  } else {
    const parsed = agentLicenceSchema.safeParse({
      licenceNumber: values.number,
      licenceState: values.state,
      licenseeName: values.licenseeName,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      problems[licenceFieldOfServerField(String(issue.path[0])) ?? 'licenseeName'] = issue.message;
    }
  }
  const expiryProblem = licenceExpiryProblem(values.expiresOn, licenceToday(values.state || 'NSW', now));
  if (expiryProblem) problems.expiresOn = expiryProblem;
  return problems;
}

function toLicenceInput(values: LicenceFieldValues): LicenceInput {
  const parsed = agentLicenceSchema.parse({ licenceNumber: values.number, licenceState: values.state, licenseeName: values.licenseeName });
  return { ...parsed, licenceExpiresOn: values.expiresOn.trim() };
}

const licenceFieldValuesSchema = z.object({
  number: z.string(),
  state: z.union([australianStateSchema, z.literal('')]),
  licenseeName: z.string(),
  expiresOn: z.string(),
});

const addProblems = (values: LicenceFieldValues, now: Date, ctx: z.RefinementCtx) => {
  for (const [field, message] of Object.entries(licenceFieldProblems(values, now)))
    ctx.addIssue({ code: 'custom', path: [field], message });
};

/** A licence is required (profile settings' 'Save licence'). `now` is read at each check: the expiry rule is on today's date. */
export const licenceFieldsSchema = (now: () => Date = () => new Date()) =>
  licenceFieldValuesSchema.superRefine((values, ctx) => addProblems(values, now(), ctx)).transform(toLicenceInput);

/** A licence is optional (the sign-up profile): blank fields give null, anything typed is checked as a whole. */
export const optionalLicenceFieldsSchema = (now: () => Date = () => new Date()) =>
  licenceFieldValuesSchema
    .superRefine((values, ctx) => {
      if (!isLicenceBlank(values)) addProblems(values, now(), ctx);
    })
    .transform((values): LicenceInput | null => (isLicenceBlank(values) ? null : toLicenceInput(values)));
