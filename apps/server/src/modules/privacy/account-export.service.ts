import { asc, eq } from 'drizzle-orm';
import { agentProfiles, sellerProfiles, signInAddresses, socialIdentities } from '../../db/schema/accounts.ts';
import { userMedia } from '../../db/schema/media.ts';
import { emailMessages } from '../../db/schema/platform.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { proofOfAuthorityUrl } from '../listings/proof-of-authority.service.ts';
import { mediaFileUrl } from '../media/media.service.ts';
import { exportPushNotifications } from '../notifications/push-devices.service.ts';
import { exportAgent, exportMoney, exportSeller } from './account-export-sections.ts';
import { exportSellerProfile, linkOf, withoutPersonalLinks } from './account-export-rows.ts';

/**
 * 'Download my data' (APP 12): everything Listwise holds about the signed-in user, as one JSON document.
 *
 * What it holds of other people is only what the user was already shown: the agents asked and their appraisals
 * (name, agency, the mobile number an appraisal shows) for a seller; for an agent, the street of a request only
 * after the lead-fee condition was accepted, and the seller's name, e-mail and mobile only where an appointment
 * request or a sale showed them. Never in it: password hashes, session and link tokens (the e-mails' personal links
 * are cut out), bank details other than their masked forms, the payment provider's ids, a push device's endpoint and
 * keys, or another user's ids.
 */
export const ACCOUNT_EXPORT_FORMAT = 'listwise-account-export/1';

export async function buildAccountExport(deps: Deps, user: UserRow) {
  const db = deps.db;
  const mediaUrl = (key: string | null | undefined) => (key ? mediaFileUrl(deps.config.appUrl, key) : null);

  const media = await db.select().from(userMedia).where(eq(userMedia.ownerUserId, user.id)).orderBy(asc(userMedia.createdAt));
  const mediaLinks = (row: typeof userMedia.$inferSelect) => ({
    url: row.mainFileReady ? mediaUrl(row.storageKey) : null,
    thumbnailUrl: row.thumbnailReady ? mediaUrl(row.thumbnailKey) : null,
  });
  const mediaById = new Map(media.map((m) => [m.id, m]));

  const [sellerProfile, agentProfile, socials, addresses, emails, pushNotifications] = await Promise.all([
    db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, user.id) }),
    db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, user.id) }),
    db.select().from(socialIdentities).where(eq(socialIdentities.userId, user.id)),
    db.select().from(signInAddresses).where(eq(signInAddresses.userId, user.id)).orderBy(asc(signInAddresses.lastSignedInAt)),
    user.email
      ? db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email)).orderBy(asc(emailMessages.createdAt))
      : Promise.resolve([]),
    exportPushNotifications(db, user),
  ]);

  const base = {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: deps.clock.now().toISOString(),
    about:
      'Everything Listwise holds about you, as of the time above. Questions, corrections or complaints: see the privacy policy at /terms-and-conditions?tab=privacy.',
    account: {
      id: user.id,
      email: user.email,
      userType: user.userType,
      mobileNumber: user.mobileNumber,
      isEmailVerified: !!user.emailVerifiedAt,
      emailVerifiedAt: user.emailVerifiedAt,
      hasPassword: !!user.passwordHash,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    consents: {
      acceptedTermsVersion: user.acceptedTermsVersion,
      acceptedTermsAt: user.acceptedTermsAt,
      ...(sellerProfile && { privacyPolicyAcceptedOnAddressStep: sellerProfile.isPrivacyPolicyAccepted }),
    },
    socialSignIns: socials.map((s) => ({
      provider: s.provider,
      email: s.email,
      isEmailVerified: s.isEmailVerified,
      verifiedAt: s.verifiedAt,
    })),
    // Where the account signed in from with its password: failed logins from these do not count account-wide.
    signInAddresses: addresses.map((a) => ({ address: a.address, lastSignedInAt: a.lastSignedInAt })),
    media: media.map((m) => ({ id: m.id, type: m.type, mimeType: m.mimeType, uploadedAt: m.uploadedAt, ...mediaLinks(m) })),
    emailsSentToYou: emails.map((e) => ({
      subject: e.subject,
      kind: e.template,
      status: e.status,
      createdAt: e.createdAt,
      sentAt: e.sentAt,
      text: withoutPersonalLinks(e.text),
      attachments: e.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
    })),
    // The devices switched on, their switches and quiet hours, and what was pushed to them; never an endpoint or key.
    pushNotifications,
  };

  const money = await exportMoney(db, user);
  if (user.userType === 'SELLER') {
    return {
      ...base,
      sellerProfile: sellerProfile && exportSellerProfile(sellerProfile),
      ...(await exportSeller(db, user, mediaUrl, (propertyId) => proofOfAuthorityUrl(deps, propertyId))),
      ...money,
    };
  }
  if (user.userType === 'AGENT') {
    return {
      ...base,
      agentProfile: agentProfile && {
        name: agentProfile.name,
        bio: agentProfile.bio,
        agencyName: agentProfile.agencyName,
        agencyBio: agentProfile.agencyBio,
        agencyAbn: agentProfile.agencyAbn,
        numberOfEngagements: agentProfile.numberOfEngagements,
        publicProfileVisible: agentProfile.publicProfileVisible,
        profilePicture: linkOf(mediaById, agentProfile.profilePictureMediaId, mediaLinks),
        agencyLogo: linkOf(mediaById, agentProfile.agencyLogoMediaId, mediaLinks),
      },
      ...(await exportAgent(db, user, mediaUrl)),
      ...money,
    };
  }
  return { ...base, ...money };
}
