/**
 * The way back into a listing left half-way, for the pages outside the wizard that send a seller there (home, the
 * continue link, 'Continue your listing'): the wizard's resume route, which lands on the first step still lacking a
 * required answer when it comes before the page stored last (features/listing/lib/resume-publishing.ts).
 */
import { safeInternalPath } from '@/lib/safe-redirect';

export const RESUME_LISTING_PATH = '/new-property/continue';

/** Stored pages that start a listing: nothing to resume, so they are followed as they are. */
const STARTING_PAGES = new Set(['/new-property', '/new-property/', '/new-property/address']);

/** Where a seller's stored next page leads: a wizard page past the start resumes through the resume route. */
export function resumeEntryFor(nextPage: string | null | undefined, fallback = '/'): string {
  const path = safeInternalPath(nextPage, fallback);
  return path.startsWith('/new-property/') && !STARTING_PAGES.has(path) ? RESUME_LISTING_PATH : path;
}
