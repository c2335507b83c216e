import { z } from 'zod';
import { LIMITS, MAX_AGENT_SUBURBS } from './constants.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { normaliseAgencyAbn } from './tax-invoice.ts';
import { isSingleLine } from './single-line.ts';

/**
 * The agent's public profile and suburb selection rules (spec 000 §5 'Agent profile', 'Suburb search'),
 * with the spec's messages. The web forms and the server both parse with these.
 */
export const AGENT_PROFILE_MESSAGES = {
  profilePictureRequired: 'Profile picture is required',
  bioRequired: 'Bio is required',
  bioTooLong: `Bio must be at most ${LIMITS.bio} characters`,
  agencyLogoRequired: 'Agency logo is required',
  agencyNameRequired: 'Agency name is required',
  agencyNameTooLong: `Agency name must be at most ${LIMITS.agencyName} characters`,
  agencyNameOneLine: 'Agency name must be on one line',
  agencyBioRequired: 'Agency bio is required',
  agencyBioTooLong: `Agency bio must be at most ${LIMITS.agencyBio} characters`,
  suburbRequired: 'Suburb is required',
  tooManySuburbs: `Select at most ${MAX_AGENT_SUBURBS} suburbs`,
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const agentProfileDetailsSchema = z.object({
  profilePictureUserMediaId: required(AGENT_PROFILE_MESSAGES.profilePictureRequired),
  bio: required(AGENT_PROFILE_MESSAGES.bioRequired).max(LIMITS.bio, AGENT_PROFILE_MESSAGES.bioTooLong),
  agencyLogoUserMediaId: required(AGENT_PROFILE_MESSAGES.agencyLogoRequired),
  agencyName: required(AGENT_PROFILE_MESSAGES.agencyNameRequired)
    .max(LIMITS.agencyName, AGENT_PROFILE_MESSAGES.agencyNameTooLong)
    .refine(isSingleLine, AGENT_PROFILE_MESSAGES.agencyNameOneLine),
  agencyBio: required(AGENT_PROFILE_MESSAGES.agencyBioRequired).max(LIMITS.agencyBio, AGENT_PROFILE_MESSAGES.agencyBioTooLong),
});

export type AgentProfileDetails = z.infer<typeof agentProfileDetailsSchema>;

/** The agency's ABN in the profile form: optional; when given, 11 digits (spaces allowed) passing the ABR check. */
export const agencyAbnField = z.string().refine((value) => normaliseAgencyAbn(value) !== undefined, ERROR_MESSAGES.invalid_abn);

/** A selection of suburbs to subscribe to: at least one, at most MAX_AGENT_SUBURBS, no repeats. */
export const suburbSelectionSchema = z.object({
  suburbIds: z
    .array(z.coerce.number().int().positive(), { error: AGENT_PROFILE_MESSAGES.suburbRequired })
    .min(1, AGENT_PROFILE_MESSAGES.suburbRequired)
    .max(MAX_AGENT_SUBURBS, AGENT_PROFILE_MESSAGES.tooManySuburbs)
    .refine((ids) => new Set(ids).size === ids.length, 'Each suburb can be selected once'),
});

/**
 * How many more suburbs the agent may select now: selected plus free trials already claimed (and plus the
 * suburbs the agent already holds) may not exceed MAX_AGENT_SUBURBS.
 */
export const selectableSuburbsLeft = (numberOfFreeTrialsClaimed: number, liveSubscriptions = 0): number =>
  Math.max(0, MAX_AGENT_SUBURBS - Math.max(numberOfFreeTrialsClaimed, liveSubscriptions));
