import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_AGENT_SUBURBS } from '@listwise/domain/constants';
import { selectableSuburbsLeft } from '@listwise/domain/agent-profile';
import type { Tx } from '../../db/client.ts';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isIntegerId } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import type { SuburbRow } from '../../db/schema/suburbs.ts';
import { countFreeTrialsClaimed } from './subscription-capacity.ts';
import { findLiveSubscriptions } from './subscriptions.service.ts';

/**
 * The suburbs an agent chooses during sign-up, kept on the agent's profile as they are chosen
 * rather than in the browser, so a reload, another tab, another device or a pause to find the card keeps them.
 * `subscribeToSuburbs` empties the choice once it has become subscriptions. The rules are the selection's own
 * (at most the suburbs the agent may still take, no repeats, suburbs that exist and that the agent does not hold
 * yet); whether a suburb still has a place is asked when subscribing, as places change while an agent thinks.
 */

const selectionSchema = z.object({
  suburbIds: z
    .array(z.coerce.number().int().positive())
    .max(MAX_AGENT_SUBURBS)
    .refine((ids) => new Set(ids).size === ids.length, 'Each suburb can be selected once'),
});

/** The suburbs in `ids`' order; ids of suburbs that no longer exist are left out. */
async function suburbsInOrder(db: Tx, ids: readonly number[]): Promise<SuburbRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(suburbs)
    .where(inArray(suburbs.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `mySignupSuburbSelection`: the suburbs chosen so far, in the order chosen (empty once subscribed). */
export async function getSignupSuburbSelection(deps: Deps, agent: UserRow): Promise<SuburbRow[]> {
  const [profile] = await deps.db
    .select({ ids: agentProfiles.signupSuburbIds })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, agent.id));
  return suburbsInOrder(deps.db, profile?.ids ?? []);
}

/**
 * `saveSignupSuburbSelection`: replaces the choice with `suburbIds`, in that order (an empty list clears it).
 * `validation_failed` (field `suburbIds`) for repeats or more than the agent may still take; `not_found` for a
 * suburb that does not exist; `some_suburb_already_subscribed_to` for one the agent already holds.
 */
export async function saveSignupSuburbSelection(
  deps: Deps,
  agent: UserRow,
  input: { suburbIds: readonly (string | number)[] },
): Promise<SuburbRow[]> {
  const { suburbIds } = parseInput(selectionSchema, { suburbIds: [...input.suburbIds] });
  if (!suburbIds.every(isIntegerId)) throw new AppError('not_found', 'suburbIds');
  return deps.db.transaction(async (tx) => {
    // The profile row's lock orders two tabs saving at once: the later save wins whole, never a mix.
    const [profile] = await tx
      .select({ id: agentProfiles.id })
      .from(agentProfiles)
      .where(eq(agentProfiles.userId, agent.id))
      .for('no key update');
    if (!profile) throw new AppError('agents_profile_is_incomplete');
    // One query at a time: a transaction is one connection, and pg (9) refuses a query while another is running.
    const chosen = await suburbsInOrder(tx, suburbIds);
    const claimed = await countFreeTrialsClaimed(tx, agent.id);
    const live = await findLiveSubscriptions(tx, agent.id, deps.clock.now());
    if (chosen.length !== suburbIds.length) throw new AppError('not_found', 'suburbIds');
    if (suburbIds.length > selectableSuburbsLeft(claimed, live.length)) throw new AppError('validation_failed', 'suburbIds');
    if (live.some((s) => suburbIds.includes(s.suburbId))) throw new AppError('some_suburb_already_subscribed_to');
    await tx.update(agentProfiles).set({ signupSuburbIds: suburbIds }).where(eq(agentProfiles.id, profile.id));
    return chosen;
  });
}
