/**
 * What the console's verify and reject dialogs say: they act on one listing, so they count that
 * listing's held agents, and name the seller's other waiting listings only to say they are not touched.
 */
export interface WaitingListingCounts {
  /** Agents the seller chose for this listing, held until it is verified. */
  heldAgentCount: number;
  /** The seller's other listings that wait for verification. */
  otherListingsWaitingCount: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function otherListingsSentence(others: number): string | null {
  if (others <= 0) return null;
  return others === 1
    ? 'The seller’s other listing waiting for verification is not affected: it is decided on its own.'
    : `The seller’s ${count(others, 'other listing', 'other listings')} waiting for verification are not affected: each is decided on its own.`;
}

/** The verify dialog: who receives the request once this listing is verified. */
export function verifyDialogSentences({ heldAgentCount, otherListingsWaitingCount }: WaitingListingCounts): string[] {
  const agents =
    heldAgentCount === 0
      ? 'No agent is waiting for this listing (none served its suburb when it was published): it is marked verified and nothing is sent.'
      : heldAgentCount === 1
        ? 'The agent the seller chose for this listing receives the appraisal request.'
        : `The ${count(heldAgentCount, 'agent', 'agents')} the seller chose for this listing receive the appraisal request.`;
  return [agents, otherListingsSentence(otherListingsWaitingCount)].filter((s): s is string => s !== null);
}

/** The reject dialog: what the seller is told, and that this listing's agents stay on hold. */
export function rejectDialogSentences({ heldAgentCount, otherListingsWaitingCount }: WaitingListingCounts): string[] {
  const agents =
    heldAgentCount === 0
      ? 'No agent is waiting for this listing.'
      : heldAgentCount === 1
        ? 'The agent they chose stays on hold.'
        : `The ${count(heldAgentCount, 'agent', 'agents')} they chose stay on hold.`;
  return [
    `The seller is e-mailed this reason with a link to upload proof of authority for this listing. ${agents} Once they upload proof, the listing waits here again.`,
    otherListingsSentence(otherListingsWaitingCount),
  ].filter((s): s is string => s !== null);
}
