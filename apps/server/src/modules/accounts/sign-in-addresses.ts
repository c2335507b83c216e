import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { signInAddresses } from '../../db/schema/accounts.ts';

/**
 * The client addresses each user signed in from with the right password (docs/authorisation.md, 'Rate limits').
 *
 * Failed logins are counted per account and address, per address, and account-wide; the account-wide count exists
 * to slow guesses spread over many addresses, and it is what would let strangers lock the owner out everywhere. So it
 * counts only attempts from addresses that have not signed in to the account within SIGN_IN_ADDRESS_KNOWN_DAYS: the
 * owner, at an address they used, is held only by their own per-address count. An attacker gains nothing from it, since
 * an address becomes known only by signing in with the right password.
 */
export const SIGN_IN_ADDRESS_KNOWN_DAYS = 90;
const KNOWN_MS = SIGN_IN_ADDRESS_KNOWN_DAYS * 86_400_000;

export async function recordSignInAddress(db: Tx, userId: string, address: string, now: Date): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, address, lastSignedInAt: now })
    .onConflictDoUpdate({
      target: [signInAddresses.userId, signInAddresses.address],
      set: { lastSignedInAt: sql`greatest(${signInAddresses.lastSignedInAt}, excluded.last_signed_in_at)` },
    });
}

export async function isKnownSignInAddress(db: Tx, userId: string, address: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: signInAddresses.userId })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.userId, userId),
        eq(signInAddresses.address, address),
        gt(signInAddresses.lastSignedInAt, new Date(now.getTime() - KNOWN_MS)),
      ),
    )
    .limit(1);
  return !!row;
}

/** The maintenance job forgets addresses not signed in from for SIGN_IN_ADDRESS_KNOWN_DAYS. */
export async function pruneSignInAddresses(db: Tx, now: Date): Promise<void> {
  await db.delete(signInAddresses).where(lt(signInAddresses.lastSignedInAt, new Date(now.getTime() - KNOWN_MS)));
}

/** Closing an account forgets where it signed in from. */
export async function forgetSignInAddresses(db: Tx, userId: string): Promise<void> {
  await db.delete(signInAddresses).where(eq(signInAddresses.userId, userId));
}
