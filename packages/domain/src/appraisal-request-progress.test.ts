import { describe, expect, it } from 'vitest';
import {
  APPRAISAL_REQUEST_DECLINE_REASON_LABELS,
  APPRAISAL_REQUEST_DECLINE_REASONS,
  APPRAISAL_REQUEST_PROGRESS,
  APPRAISAL_REQUEST_PROGRESS_LABELS,
  appraisalRequestProgress,
  isAppraisalRequestDeclineReason,
  DECLINE_NOTE_MAX_LENGTH,
  declineNoteIssue,
  declineReasonText,
} from './appraisal-request-progress.ts';

describe('appraisal request progress, as the seller reads it', () => {
  it('follows a pending request from sent to viewed to drafting', () => {
    expect(appraisalRequestProgress({ state: 'PENDING', isSeenByAgent: false, hasAppraisalDraft: false })).toBe('SENT');
    expect(appraisalRequestProgress({ state: 'PENDING', isSeenByAgent: true, hasAppraisalDraft: false })).toBe('VIEWED');
    expect(appraisalRequestProgress({ state: 'PENDING', isSeenByAgent: true, hasAppraisalDraft: true })).toBe('DRAFTING');
  });

  it('ends in appraisal received, expired or not required, whatever the agent did before', () => {
    for (const isSeenByAgent of [true, false]) {
      for (const hasAppraisalDraft of [true, false]) {
        expect(appraisalRequestProgress({ state: 'COMPLETE', isSeenByAgent, hasAppraisalDraft })).toBe('APPRAISAL_RECEIVED');
        expect(appraisalRequestProgress({ state: 'EXPIRED', isSeenByAgent, hasAppraisalDraft })).toBe('EXPIRED');
        expect(appraisalRequestProgress({ state: 'NOT_REQUIRED', isSeenByAgent, hasAppraisalDraft })).toBe('NOT_REQUIRED');
      }
    }
  });

  it('has a label for every progress', () => {
    expect(APPRAISAL_REQUEST_PROGRESS.map((p) => APPRAISAL_REQUEST_PROGRESS_LABELS[p])).toEqual([
      'Waiting for verification',
      'Sent',
      'Viewed',
      'Drafting',
      'Appraisal received',
      'Expired',
      'Not required',
      'Declined',
    ]);
  });

  it('ends in declined when the agent declined (issue 23), and knows only the reasons of its list', () => {
    expect(appraisalRequestProgress({ state: 'DECLINED', isSeenByAgent: true, hasAppraisalDraft: false })).toBe('DECLINED');
    for (const reason of APPRAISAL_REQUEST_DECLINE_REASONS) {
      expect(isAppraisalRequestDeclineReason(reason)).toBe(true);
      expect(APPRAISAL_REQUEST_DECLINE_REASON_LABELS[reason]).toMatch(/^I /);
    }
    expect(isAppraisalRequestDeclineReason('BORED')).toBe(false);
  });
});

describe("declining with 'I have another reason'", () => {
  it('needs a short note, which the seller reads instead of the label', () => {
    expect(declineNoteIssue('OTHER', '')).toBe('required');
    expect(declineNoteIssue('OTHER', '   ')).toBe('required');
    expect(declineNoteIssue('OTHER', 'x'.repeat(DECLINE_NOTE_MAX_LENGTH + 1))).toBe('too_long');
    expect(declineNoteIssue('OTHER', 'I sold the house next door last month')).toBeNull();
    expect(declineReasonText('OTHER', '  I sold the house next door last month ')).toBe('I sold the house next door last month');
  });

  it('ignores a note beside a listed reason', () => {
    expect(declineNoteIssue('TOO_BUSY', '')).toBeNull();
    expect(declineReasonText('TOO_BUSY', 'anything')).toBe(APPRAISAL_REQUEST_DECLINE_REASON_LABELS.TOO_BUSY);
  });
});
