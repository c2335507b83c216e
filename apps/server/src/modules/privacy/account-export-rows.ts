import { eq, inArray } from 'drizzle-orm';
import { centsToDollars } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { comparableSales, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { userMedia } from '../../db/schema/media.ts';
import { properties } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';

/** How the export writes its rows: money in dollars, links to the user's own media, addresses and suburbs as labels, personal links cut out. */

export type PropertyRow = typeof properties.$inferSelect;

export const dollars = (cents: number | null | undefined) => (cents == null ? null : centsToDollars(cents));

/** Any link of an e-mail that carries a token (verification, reset, continue, undo, unsubscribe…), cut out. */
const PERSONAL_LINK = /https?:\/\/[^\s"'<>]*[A-Za-z0-9_-]{32,}[^\s"'<>]*/g;
export const withoutPersonalLinks = (text: string) => text.replace(PERSONAL_LINK, '[personal link removed]');

export const linkOf = <T>(
  byId: Map<string, typeof userMedia.$inferSelect>,
  id: string | null,
  links: (m: typeof userMedia.$inferSelect) => T,
) => {
  const row = id ? byId.get(id) : undefined;
  return row ? links(row) : null;
};

export const exportSellerProfile = (p: typeof sellerProfiles.$inferSelect) => ({
  name: p.name,
  socialEmail: p.socialEmail,
  status: p.status,
  nextPage: p.nextPage,
  createdAt: p.createdAt,
});

export async function suburbLabels(db: Tx, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  const rows = wanted.length ? await db.select().from(suburbs).where(inArray(suburbs.id, wanted)) : [];
  return new Map(rows.map((s) => [s.id, { name: s.name, state: s.state, postcode: s.postcode }]));
}

export const addressOf = (p: Pick<PropertyRow, 'unitNumber' | 'streetNumber' | 'streetName'>) => ({
  unitNumber: p.unitNumber,
  streetNumber: p.streetNumber,
  streetName: p.streetName,
});

/** An agent's name, agency and mobile as the seller saw them on an appraisal or in the list of agents asked. */
export async function agentsShownTo(db: Tx, agentUserIds: string[]) {
  const ids = [...new Set(agentUserIds)];
  if (!ids.length) return new Map<string, { name: string | null; agencyName: string | null; mobileNumber: string | null }>();
  const rows = await db
    .select({
      userId: agentProfiles.userId,
      name: agentProfiles.name,
      agencyName: agentProfiles.agencyName,
      mobileNumber: users.mobileNumber,
    })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .where(inArray(agentProfiles.userId, ids));
  return new Map(rows.map((r) => [r.userId, { name: r.name, agencyName: r.agencyName, mobileNumber: r.mobileNumber }]));
}

export const exportAppraisal = (
  a: typeof propertyAppraisals.$inferSelect,
  sales: (typeof comparableSales.$inferSelect)[],
  mediaUrl: (key: string | null | undefined) => string | null,
  video: typeof userMedia.$inferSelect | undefined,
) => ({
  id: a.id,
  state: a.state,
  sellingRangeMin: a.sellingRangeMin,
  sellingRangeMax: a.sellingRangeMax,
  commissionType: a.commissionType,
  commissionPercentageRate: a.percentageRate == null ? null : Number(a.percentageRate),
  commissionFlatFeeDollars: dollars(a.flatFeeCostCents),
  marketingFeeDollars: dollars(a.marketingFeeCostCents),
  marketingInclusions: a.marketingInclusions ?? [],
  comparableSales: sales
    .filter((s) => s.propertyAppraisalId === a.id)
    .map((s) => ({ address: s.address, salePriceDollars: dollars(s.salePriceCents), saleDate: s.saleDate, url: s.url })),
  additionalNotes: a.additionalNotes,
  videoUrl: video?.mainFileReady ? mediaUrl(video.storageKey) : null,
  sentAt: a.sentAt,
});
