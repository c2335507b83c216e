import { eq } from 'drizzle-orm';
import { calendarDateIn, timeZoneOfState } from '@listwise/domain/time-zones';
import { users } from '../../db/schema/accounts.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import type { Deps } from '../../deps.ts';

/**
 * Demo licences: the first demo agent verified, the second waiting in the operators' queue, the third
 * without one, so every state of the mark and the queue shows on a fresh start. Idempotent.
 */
const DEMO_LICENCES = [
  { number: '20123456', state: 'NSW', status: 'VERIFIED', expiresInDays: 300 },
  { number: '20654321', state: 'NSW', status: 'PENDING', expiresInDays: 700 },
] as const;

export async function seedDemoLicences(deps: Deps, agentEmails: readonly string[]): Promise<number> {
  let added = 0;
  for (const [index, licence] of DEMO_LICENCES.entries()) {
    const email = agentEmails[index];
    const agent = email ? await deps.db.query.users.findFirst({ where: eq(users.email, email) }) : undefined;
    if (!agent) continue;
    const now = deps.clock.now();
    // Expiry dates relative to the day of seeding, so a fresh start never shows an expired licence.
    const expiresOn = calendarDateIn(new Date(now.getTime() + licence.expiresInDays * 86_400_000), timeZoneOfState(licence.state));
    const inserted = await deps.db
      .insert(agentLicences)
      .values({
        agentUserId: agent.id,
        number: licence.number,
        state: licence.state,
        status: licence.status,
        submittedAt: now,
        verifiedAt: licence.status === 'VERIFIED' ? now : null,
        expiresOn,
        verifiedUntil: licence.status === 'VERIFIED' ? expiresOn : null,
      })
      .onConflictDoNothing()
      .returning();
    added += inserted.length;
  }
  return added;
}
