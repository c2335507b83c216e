import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { theRow } from '../../lib/rows.ts';

/** A published version of the terms and privacy policy, with what changed in it, in a line or two each. */
export interface TermsVersion {
  /** The version's date (YYYY-MM-DD), as the documents' 'Version' line names it. */
  version: string;
  whatChanged: readonly string[];
}

/**
 * Every version of the terms and privacy policy published, newest first, each with a plain-English summary of what
 * changed, which the re-acceptance screen shows. The current version lives here and nowhere else: the documents
 * under apps/web/public/legal/ name it (privacy.test.ts checks they agree), the web app reads it from the API.
 * Publishing a new version is changing the documents and adding its entry here together; every user then accepts
 * it at their next sign-in (`User.mustAcceptTerms`, `acceptTerms`). See docs/privacy.md.
 */
export const TERMS_VERSIONS: readonly [TermsVersion, ...TermsVersion[]] = [
  {
    version: '2026-11-28',
    whatChanged: [
      'The privacy policy says why we ask for your mobile number and who sees it: only an agent you ask for an appointment, to arrange it.',
      'The fee agents pay on a sale is called the lead fee everywhere, and the agent terms state the suburb price from what we charge.',
    ],
  },
  {
    version: '2026-11-25',
    whatChanged: [
      'A new privacy policy in plain English: what we collect and why, who we share it with, where it is stored, how long we keep it, and how to complain.',
      'You can download your data and delete your account yourself, in Profile Settings.',
    ],
  },
];

export const CURRENT_TERMS_VERSION = TERMS_VERSIONS[0].version;

/**
 * The versions published after the one a user accepted, newest first: what changed since. A user who accepted no
 * version has nothing to compare with, and is shown what the version in force changed.
 */
export function termsChangesSince(acceptedVersion: string | null): TermsVersion[] {
  if (!acceptedVersion) return [TERMS_VERSIONS[0]];
  return TERMS_VERSIONS.filter((v) => v.version > acceptedVersion);
}

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
