import { Navigate } from 'react-router';
import { DraftGate } from '@/features/listing/components/draft-gate';
import { resumePathFor } from '@/features/listing/lib/resume-publishing';

/**
 * /new-property/continue — not a page: every way back to a listing left half-way comes here, and goes on to the
 * first step still lacking a required answer, or the page reached last (lib/resume-publishing.ts). Without a draft,
 * the gate starts a listing at the address step.
 */
export default function ResumeListingRoute() {
  return <DraftGate>{({ draft, me }) => <Navigate to={resumePathFor(me, draft)} replace />}</DraftGate>;
}
