import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * The terms and privacy policy a user accepted. The current version lives here and nowhere else: the
 * documents under apps/web/public/legal/ name it (terms.test.ts checks they agree), the web app reads it from the
 * API. Publishing a new version is changing the documents and this constant together; every user then accepts it
 * at their next sign-in (`User.mustAcceptTerms`, `acceptTerms`). See docs/privacy.md.
 */
export const CURRENT_TERMS_VERSION = '2026-11-25';

/** The columns that record acceptance of the current version at `now`. */
export const acceptanceOfCurrentTerms = (now: Date) => ({ acceptedTermsVersion: CURRENT_TERMS_VERSION, acceptedTermsAt: now });

/**
 * Whether the web app must show the re-acceptance screen before anything else. Ghost sellers accept on the address
 * step (their first screen), operators are staff bound by their employment, and a closed account accepts nothing.
 */
export const mustAcceptTerms = (user: UserRow): boolean =>
  !user.isGhostUser && user.userType !== 'ADMIN' && !user.deletedAt && user.acceptedTermsVersion !== CURRENT_TERMS_VERSION;

/**
 * acceptTerms: the signed-in user accepts the version they were shown. A page loaded before a new version was
 * published sends the old one: `terms_version_outdated`, so nobody is recorded accepting text they never saw.
 */
export async function acceptTerms(deps: Deps, user: UserRow, version: string): Promise<UserRow> {
  if (version !== CURRENT_TERMS_VERSION) throw new AppError('terms_version_outdated', 'version');
  const now = deps.clock.now();
  const updated = await deps.db
    .update(users)
    .set({ ...acceptanceOfCurrentTerms(now), updatedAt: now })
    .where(eq(users.id, user.id))
    .returning()
    .then(theRow);
  return updated;
}
