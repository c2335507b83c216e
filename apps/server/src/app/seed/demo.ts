import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { seedDemoAgentProfiles } from './demo-agents.ts';
import { seedDemoAppraisals } from '../../modules/appraisals/demo-appraisals.ts';
import { seedDemoListing } from '../../modules/listings/demo-listing.ts';
import { seedDemoSale } from '../../modules/sales/demo-sale.ts';
import { seedDemoLicences } from '../../modules/agents/demo-licences.ts';
import { seedDemoReviews } from '../../modules/reviews/demo-reviews.ts';
import { acceptanceOfCurrentTerms } from '../../modules/accounts/terms.ts';

/**
 * Demo data for a fresh install: known logins printed at start-up. Idempotent: it only adds what is
 * missing, so restarting never duplicates. Later features add their data here.
 */
export const DEMO_PASSWORD = 'listwise-demo';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@listwise.test', role: 'ADMIN' },
  seller: { email: 'seller@listwise.test', role: 'SELLER', name: 'Sam Seller', mobile: '+61412000001' },
  agents: [
    { email: 'agent.bondi@listwise.test', name: 'Olivia Harper', mobile: '+61412000101' },
    { email: 'agent.surry@listwise.test', name: 'Jack Nguyen', mobile: '+61412000102' },
    { email: 'agent.fitzroy@listwise.test', name: 'Mia Rossi', mobile: '+61412000103' },
  ],
} as const;

async function ensureUser(deps: Deps, email: string, userType: 'ADMIN' | 'AGENT' | 'SELLER', passwordHash: string, mobileNumber?: string) {
  const existing = await deps.db.query.users.findFirst({ where: eq(users.email, email) });
  if (existing) return { user: existing, created: false };
  const now = deps.clock.now();
  // Demo users accepted the terms of today when they were made; a later version asks them again, as it asks anyone.
  const [user] = await deps.db
    .insert(users)
    .values({ email, userType, passwordHash, mobileNumber, emailVerifiedAt: now, ...acceptanceOfCurrentTerms(now) })
    .returning();
  return { user: user!, created: true };
}

export async function seedDemoData(deps: Deps) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ensureUser(deps, DEMO_ACCOUNTS.admin.email, 'ADMIN', passwordHash);

  const seller = DEMO_ACCOUNTS.seller;
  const sellerResult = await ensureUser(deps, seller.email, 'SELLER', passwordHash, seller.mobile);
  if (sellerResult.created) {
    await deps.db
      .insert(sellerProfiles)
      .values({ userId: sellerResult.user.id, name: seller.name, isPrivacyPolicyAccepted: true, status: 'APPROVED' });
  }

  for (const agent of DEMO_ACCOUNTS.agents) {
    const result = await ensureUser(deps, agent.email, 'AGENT', passwordHash, agent.mobile);
    if (result.created) await deps.db.insert(agentProfiles).values({ userId: result.user.id, name: agent.name });
  }
  // Agents: complete profiles, a saved test card and suburb subscriptions (agent sign-up and subscriptions).
  await seedDemoAgentProfiles(deps);

  // ——— Listings (modules/listings): the demo seller's listed property in Bondi, with photos. ———
  await seedDemoListing(deps, { sellerEmail: seller.email });

  // ——— Appraisal loop (modules/appraisals): keep last, it builds on the listing and agent seeds above. ———
  await seedDemoAppraisals(deps, { sellerEmail: seller.email, agentEmails: DEMO_ACCOUNTS.agents.map((a) => a.email) });

  // ——— Sales (modules/sales): a second property of the demo seller, sold through the second demo agent, confirmed,
  // with its lead fee charged and the seller's cashback PAYABLE for the console. ———
  await seedDemoSale(deps, { sellerEmail: seller.email, agentEmail: DEMO_ACCOUNTS.agents[1].email });

  // ——— Licences (modules/agents): one verified, one waiting in the console's queue. ———
  await seedDemoLicences(
    deps,
    DEMO_ACCOUNTS.agents.map((a) => a.email),
  );

  // ——— Reviews (modules/reviews): the demo seller's reviews of the agents above, after the appraisals and the sale
  // they review: two published by the operator (one a verified sale, one with the agent's reply), one held. ———
  await seedDemoReviews(deps, {
    sellerEmail: seller.email,
    adminEmail: DEMO_ACCOUNTS.admin.email,
    agentEmails: DEMO_ACCOUNTS.agents.map((a) => a.email),
  });

  return {
    password: DEMO_PASSWORD,
    accounts: [
      { role: 'admin', email: DEMO_ACCOUNTS.admin.email },
      { role: 'seller', email: seller.email },
      ...DEMO_ACCOUNTS.agents.map((a) => ({ role: 'agent', email: a.email })),
    ],
  };
}
