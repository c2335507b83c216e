import { describe, expect, it } from 'vitest';
import { rejectDialogSentences, verifyDialogSentences } from './verification-dialogs';

describe('the verification dialogs', () => {
  it("count this listing's agents, in the singular and the plural, and none", () => {
    expect(verifyDialogSentences({ heldAgentCount: 1, otherListingsWaitingCount: 0 })).toEqual([
      'The agent the seller chose for this listing receives the appraisal request.',
    ]);
    expect(verifyDialogSentences({ heldAgentCount: 3, otherListingsWaitingCount: 0 })).toEqual([
      'The 3 agents the seller chose for this listing receive the appraisal request.',
    ]);
    expect(verifyDialogSentences({ heldAgentCount: 0, otherListingsWaitingCount: 0 })[0]).toMatch(/^No agent is waiting for this listing/);
    expect(rejectDialogSentences({ heldAgentCount: 1, otherListingsWaitingCount: 0 })[0]).toContain('The agent they chose stays on hold.');
    expect(rejectDialogSentences({ heldAgentCount: 2, otherListingsWaitingCount: 0 })[0]).toContain(
      'The 2 agents they chose stay on hold.',
    );
    expect(rejectDialogSentences({ heldAgentCount: 0, otherListingsWaitingCount: 0 })[0]).toContain(
      'No agent is waiting for this listing.',
    );
  });

  it("name the seller's other waiting listings only to say they are untouched", () => {
    expect(verifyDialogSentences({ heldAgentCount: 1, otherListingsWaitingCount: 1 })[1]).toBe(
      'The seller’s other listing waiting for verification is not affected: it is decided on its own.',
    );
    expect(rejectDialogSentences({ heldAgentCount: 1, otherListingsWaitingCount: 2 })[1]).toBe(
      'The seller’s 2 other listings waiting for verification are not affected: each is decided on its own.',
    );
    expect(verifyDialogSentences({ heldAgentCount: 2, otherListingsWaitingCount: 0 })).toHaveLength(1);
  });
});
