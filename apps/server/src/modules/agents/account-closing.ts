import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { agentLicences } from '../../db/schema/licences.ts';

/**
 * The agents module's part of closing an agent's account: the public profile is turned off and its name, bio,
 * pictures and agency details erased; the licence goes.
 */
export async function closeAgentProfile(tx: Tx, agentUserId: string): Promise<void> {
  await tx
    .update(agentProfiles)
    .set({
      name: null,
      bio: null,
      profilePictureMediaId: null,
      agencyLogoMediaId: null,
      agencyName: null,
      agencyBio: null,
      agencyAbn: null,
      publicProfileVisible: false,
    })
    .where(eq(agentProfiles.userId, agentUserId));
  await tx.delete(agentLicences).where(eq(agentLicences.agentUserId, agentUserId));
}
