import { z } from 'zod';
import { consumeRateLimits, releaseRateLimits, type RateLimitRule } from '../../db/rate-limit.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';

/** Password re-entry for payouts: failures count per operator and per client address, like logins. */
function payoutPasswordRules(deps: Deps, admin: UserRow, clientAddress: string): RateLimitRule[] {
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  return [
    { key: `payout-password:user:${admin.id}`, max, windowSeconds },
    { key: `payout-password:ip:${clientAddress}`, max: max * 10, windowSeconds },
  ];
}

/**
 * The operator's password, re-entered before a file with clear bank details leaves the server. A wrong one answers
 * `incorrect_password` and is written to the audit log (`PAYOUT_PASSWORD_FAILED`, in its own transaction, so it
 * stays although the call fails): a stolen console session guessing at it shows up there. Failures are rate limited.
 */
export async function checkPayoutPassword(
  deps: Deps,
  admin: UserRow,
  password: string,
  clientAddress: string,
  attempt: { operation: string; batchId?: string },
): Promise<void> {
  const parsed = parseInput(z.object({ password: z.string().min(1, 'Password is required').max(1000) }), { password });
  const now = deps.clock.now();
  const rules = payoutPasswordRules(deps, admin, clientAddress);
  await consumeRateLimits(deps.db, now, rules);
  if (!(await verifyPassword(admin.passwordHash, parsed.password))) {
    await deps.db.transaction((tx) =>
      recordAdminAction(tx, admin, now, {
        action: 'PAYOUT_PASSWORD_FAILED',
        targetType: 'USER',
        targetId: admin.id,
        details: { ...attempt, clientAddress },
      }),
    );
    throw new AppError('incorrect_password', 'password');
  }
  await releaseRateLimits(deps.db, now, rules);
}
