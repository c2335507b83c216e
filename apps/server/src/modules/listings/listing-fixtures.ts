import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { userMedia } from '../../db/schema/media.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { theRow } from '../../lib/rows.ts';
import { acceptanceOfCurrentTerms } from '../accounts/terms.ts';

/**
 * Set-up shortcuts for tests and benchmarks of the listings module: rows other modules normally create
 * through their own flows (agents with complete profiles and subscriptions, uploaded media).
 */

export async function findSuburbId(db: Database, name: string, state: string): Promise<number> {
  const row = await db.query.suburbs.findFirst({ where: and(eq(suburbs.searchName, name.toLowerCase()), eq(suburbs.state, state)) });
  if (!row) throw new Error(`no suburb ${name} ${state} in the dataset`);
  return row.id;
}

/** A media row whose file counts as uploaded and processed (no file on disk: enough for attaching). */
export async function insertUploadedMedia(db: Database, ownerUserId: string, type: 'IMAGE' | 'VIDEO', now = new Date()) {
  const extension = type === 'IMAGE' ? 'jpg' : 'mp4';
  const row = await db
    .insert(userMedia)
    .values({
      ownerUserId,
      type,
      mimeType: type === 'IMAGE' ? 'image/jpeg' : 'video/mp4',
      fileExtension: extension,
      storageKey: `${crypto.randomUUID()}.${extension}`,
      uploadedAt: now,
      mainFileReady: true,
      thumbnailReady: false,
    })
    .returning()
    .then(theRow);
  return row;
}

export interface AgentFixtureOptions {
  suburbIds: number[];
  name?: string;
  complete?: boolean;
  numberOfEngagements?: number;
  subscription?: { expiresAt?: Date; cancelledAt?: Date | null };
  passwordHash?: string;
}

/** An agent with (by default) a complete profile and a live subscription for each suburb. */
export async function insertAgent(db: Database, options: AgentFixtureOptions, now = new Date()) {
  const email = `agent.${crypto.randomBytes(5).toString('hex')}@example.com`;
  const user = await db
    .insert(users)
    .values({
      email,
      userType: 'AGENT',
      passwordHash: options.passwordHash ?? (await hashPassword('correct-horse-battery')),
      mobileNumber: '+61412345678',
      emailVerifiedAt: now,
      ...acceptanceOfCurrentTerms(now),
    })
    .returning()
    .then(theRow);
  const complete = options.complete !== false;
  const picture = await insertUploadedMedia(db, user.id, 'IMAGE', now);
  const logo = await insertUploadedMedia(db, user.id, 'IMAGE', now);
  const [profile] = await db
    .insert(agentProfiles)
    .values({
      userId: user.id,
      name: options.name ?? 'Alex Agent',
      bio: 'Selling homes in the east for ten years.',
      agencyName: 'Harbour Realty',
      agencyBio: 'A family agency.',
      profilePictureMediaId: picture.id,
      agencyLogoMediaId: complete ? logo.id : null,
      numberOfEngagements: options.numberOfEngagements ?? 0,
    })
    .returning();
  for (const suburbId of options.suburbIds) {
    await db.insert(suburbSubscriptions).values({
      agentUserId: user.id,
      suburbId,
      isFreeTrial: true,
      startsAt: now,
      expiresAt: options.subscription?.expiresAt ?? new Date(now.getTime() + 365 * 86_400_000),
      cancelledAt: options.subscription?.cancelledAt ?? null,
    });
  }
  return { userId: user.id, email, profile: profile! };
}
