import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles } from '../../db/schema/accounts.ts';
import type { UserRow } from '../../graphql/context.ts';

/** Role profiles and the 'profile complete' rule that home routing and the guard depend on. */

export const findAgentProfile = (db: Tx, userId: string) => db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, userId) });
export const findSellerProfile = (db: Tx, userId: string) =>
  db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, userId) });

type AgentProfileRow = typeof agentProfiles.$inferSelect;

/** An agent is complete with basic details (name, mobile) and every profile detail (picture, bio, agency). */
export const isAgentProfileComplete = (user: UserRow, profile: AgentProfileRow | undefined | null): boolean =>
  !!(
    user.mobileNumber &&
    profile?.name &&
    profile.bio &&
    profile.profilePictureMediaId &&
    profile.agencyLogoMediaId &&
    profile.agencyName &&
    profile.agencyBio
  );

/** A seller is complete once a real account exists: not a ghost, with name, e-mail, mobile and password. */
export const isSellerProfileComplete = (user: UserRow, profile: typeof sellerProfiles.$inferSelect | undefined | null): boolean =>
  !!(!user.isGhostUser && user.email && user.mobileNumber && user.passwordHash && profile?.name);

export async function isProfileComplete(db: Tx, user: UserRow): Promise<boolean> {
  if (user.userType === 'ADMIN') return true;
  if (user.userType === 'AGENT') return isAgentProfileComplete(user, await findAgentProfile(db, user.id));
  return isSellerProfileComplete(user, await findSellerProfile(db, user.id));
}
