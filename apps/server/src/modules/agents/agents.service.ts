import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AgentLicenceInput } from '@listwise/domain/agent-licence';
import { agentProfileDetailsSchema } from '@listwise/domain/agent-profile';
import { toInternationalPhone } from '@listwise/domain/phone';
import { normaliseAgencyAbn } from '@listwise/domain/tax-invoice';
import { mobileNumberField, nameField } from '@listwise/domain/validation';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { assertUsableMedia } from '../media/media.service.ts';
import { parseAgentLicence, saveAgentLicence, type AgentLicenceValues } from './licences.service.ts';
import { theRow } from '../../lib/rows.ts';

/** The agent's own profile: basic details (sign-up step 1, Details tab) and the public profile (picture, bio, agency). */

/**
 * The mobile number as clients send it: international ('+61412345678', what the web app sends) or national
 * ('0412 345 678', checked with the form's rules). Answers the international form.
 */
function parseMobileNumber(input: { mobileNumber: string }): string {
  const value = typeof input.mobileNumber === 'string' ? input.mobileNumber.trim() : '';
  const parsed = toInternationalPhone(value);
  if (value.startsWith('+') && parsed) return parsed;
  const { mobileNumber } = parseInput(z.object({ mobileNumber: mobileNumberField }), input);
  const international = toInternationalPhone(mobileNumber);
  if (!international) throw new AppError('validation_failed', 'mobileNumber');
  return international;
}

export async function updateAgentProfileBasicDetails(
  deps: Deps,
  user: UserRow,
  input: { name: string; mobileNumber: string },
): Promise<UserRow> {
  const { name } = parseInput(z.object({ name: nameField }), input);
  const international = parseMobileNumber(input);
  return deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ mobileNumber: international, updatedAt: deps.clock.now() })
      .where(eq(users.id, user.id))
      .returning()
      .then(theRow);
    await tx.update(agentProfiles).set({ name }).where(eq(agentProfiles.userId, user.id));
    return updated;
  });
}

/**
 * An image of the agent's own whose upload finished (the web app's READY): `not_found` for anyone else's,
 * `user_media_file_extension_not_supported` for a video, `user_media_content_not_supported` for a file refused on upload or by
 * processing, `invalid_state` while uploading.
 */
async function assertProfileImage(db: Tx, userId: string, mediaId: string, field: string) {
  const media = await assertUsableMedia(db, { userId, mediaId, type: 'IMAGE', field });
  if (!media.uploadedAt) throw new AppError('invalid_state', field);
  return media;
}

export interface AgentProfileDetailsInput {
  profilePictureUserMediaId: string;
  bio: string;
  agencyLogoUserMediaId: string;
  agencyName: string;
  agencyBio: string;
  /** Omitted: unchanged; null or blank: cleared. */
  agencyAbn?: string | null;
  /**
   * The licence typed on the sign-up profile page, saved with the profile in one transaction. Omitted
   * (or a blank number with no state): the licence on file stays as it is.
   */
  licenceNumber?: string | null;
  licenceState?: string | null;
  licenseeName?: string | null;
  licenceExpiresOn?: string | null;
}

/** The licence part of the profile form, checked with the licence's own rules; null when none was typed. */
function licenceOfProfileInput(input: AgentProfileDetailsInput, now: Date): AgentLicenceValues | null {
  const number = typeof input.licenceNumber === 'string' ? input.licenceNumber.trim() : '';
  if (!number && input.licenceState == null) return null;
  return parseAgentLicence(
    {
      licenceNumber: number,
      licenceState: input.licenceState as AgentLicenceInput['licenceState'],
      licenseeName: input.licenseeName,
      licenceExpiresOn: input.licenceExpiresOn,
    },
    now,
  );
}

export async function updateAgentProfileDetails(deps: Deps, user: UserRow, input: AgentProfileDetailsInput): Promise<UserRow> {
  const details = parseInput(agentProfileDetailsSchema, input);
  const agencyAbn = input.agencyAbn === undefined ? undefined : normaliseAgencyAbn(input.agencyAbn);
  if (input.agencyAbn !== undefined && agencyAbn === undefined) throw new AppError('invalid_abn', 'agencyAbn');
  const licence = licenceOfProfileInput(input, deps.clock.now());
  await assertProfileImage(deps.db, user.id, details.profilePictureUserMediaId, 'profilePictureUserMediaId');
  await assertProfileImage(deps.db, user.id, details.agencyLogoUserMediaId, 'agencyLogoUserMediaId');
  return deps.db.transaction(async (tx) => {
    await tx
      .update(agentProfiles)
      .set({
        profilePictureMediaId: details.profilePictureUserMediaId,
        bio: details.bio,
        agencyLogoMediaId: details.agencyLogoUserMediaId,
        agencyName: details.agencyName,
        agencyBio: details.agencyBio,
        ...(agencyAbn === undefined ? {} : { agencyAbn }),
      })
      .where(eq(agentProfiles.userId, user.id));
    if (licence) await saveAgentLicence(tx, deps.clock.now(), user.id, licence);
    const updated = await tx.update(users).set({ updatedAt: deps.clock.now() }).where(eq(users.id, user.id)).returning().then(theRow);
    return updated;
  });
}
