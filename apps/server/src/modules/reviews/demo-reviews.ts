import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { agentReviews } from '../../db/schema/reviews.ts';
import { propertySales } from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import { moderateAgentReview } from './review-moderation.service.ts';
import { replyToAgentReview } from './reviewed-agent.service.ts';
import { submitAgentReview } from './reviews.service.ts';

/**
 * Demo data of agent reviews: the demo seller reviews the agents whose appraisals they received, so the
 * appraisal page, the comparison, the agent picker and /agent/reviews show reviews, and the console has one to
 * moderate. Runs after the appraisal and sale seeds and goes through the real services (holds, audit, e-mails).
 * The demo seller and agents share the domain listwise.test, which the policy holds (the reviewer's e-mail domain
 * is the agent's), so the demo operator publishes two of them, as an operator would once satisfied they are
 * genuine: the selling agent's (a verified sale) and the first agent's, which then carries a reply. The second
 * agent's review of the listed property also gives a phone number and stays held for the console. Idempotent: does
 * nothing once the seller has written a review; skips quietly when the seller, operator, agents or appraisals are
 * missing.
 */

/** A documentation address (RFC 5737), so no demo agent's own sessions ever shared it and nothing is held for it. */
const DEMO_REVIEWER_ADDRESS = '192.0.2.10';

interface DemoReview {
  /** Index into the agent e-mails the seed is given. */
  agent: number;
  /** The review of the sold property (its selling agent) or of the listed one. */
  ofSoldProperty: boolean;
  rating: number;
  text: string;
  /** Left held for the console rather than published by the operator. */
  staysHeld?: boolean;
  reply?: string;
}

const DEMO_REVIEWS: DemoReview[] = [
  {
    agent: 1,
    ofSoldProperty: true,
    rating: 5,
    text: 'Jack ran a tight four-week auction campaign and called us after every open home. The result beat his own appraisal, and he was straight with us about the risks from the first meeting.',
  },
  {
    agent: 0,
    ofSoldProperty: false,
    rating: 4,
    text: 'Olivia’s appraisal was the clearest of the ones we received: recent sales in our street, what the campaign would cost and why. She came back to every question the same day.',
    reply: 'Thank you, Sam. It was a pleasure walking through the house with you, and I am here whenever you are ready to go to market.',
  },
  {
    agent: 1,
    ofSoldProperty: false,
    rating: 4,
    text: 'A thorough appraisal with good comparable sales. If you want a second opinion, ring Jack on 0412 000 102: he picks up.',
    staysHeld: true,
  },
];

/** Seeds the demo reviews; returns how many it wrote (0 when already there or something is missing). */
export async function seedDemoReviews(
  deps: Deps,
  options: { sellerEmail: string; adminEmail: string; agentEmails: readonly string[] },
): Promise<number> {
  const { db } = deps;
  const seller = await db.query.users.findFirst({ where: and(eq(users.email, options.sellerEmail), eq(users.userType, 'SELLER')) });
  const admin = await db.query.users.findFirst({ where: and(eq(users.email, options.adminEmail), eq(users.userType, 'ADMIN')) });
  if (!seller || !admin) return 0;
  if (await db.query.agentReviews.findFirst({ where: eq(agentReviews.sellerUserId, seller.id) })) return 0;
  const appraisals = await db
    .select({ id: propertyAppraisals.id, agentEmail: users.email, saleId: propertySales.id })
    .from(propertyAppraisals)
    .innerJoin(properties, eq(properties.id, propertyAppraisals.propertyId))
    .innerJoin(users, eq(users.id, propertyAppraisals.agentUserId))
    .leftJoin(propertySales, eq(propertySales.propertyId, propertyAppraisals.propertyId))
    .where(and(eq(properties.sellerUserId, seller.id), eq(propertyAppraisals.state, 'SUBMITTED')));

  let written = 0;
  for (const demo of DEMO_REVIEWS) {
    const agentEmail = options.agentEmails[demo.agent];
    const appraisal = appraisals.find((a) => a.agentEmail === agentEmail && !!a.saleId === demo.ofSoldProperty);
    const agent = agentEmail ? await db.query.users.findFirst({ where: eq(users.email, agentEmail) }) : undefined;
    if (!appraisal || !agent) continue;
    const review = await submitAgentReview(
      deps,
      seller,
      { propertyAppraisalId: appraisal.id, rating: demo.rating, text: demo.text },
      DEMO_REVIEWER_ADDRESS,
    );
    const shown =
      review.status === 'HELD' && !demo.staysHeld ? await moderateAgentReview(deps, admin, { reviewId: review.id, publish: true }) : review;
    if (demo.reply && shown.status === 'PUBLISHED') await replyToAgentReview(deps, agent, { reviewId: review.id, text: demo.reply });
    written += 1;
  }
  return written;
}
