import { describe, expect, it } from 'vitest';
import { ADMIN_AUDIT_ACTIONS } from '@listwise/domain/audit-log';
import { ACTION_LABELS, dayRangeToInstants, describeDetails, describeTarget } from '@/features/admin/audit-log/audit-entry';

describe('audit log entries in words', () => {
  it('describes the details the console actions record', () => {
    expect(describeDetails('MARK_CASHBACK_PAID', JSON.stringify({ propertySaleId: 'x', amountCents: 75_050 }))).toBe('$750.50 paid');
    expect(describeDetails('SET_SUBSCRIBED_AGENTS_MAX', JSON.stringify({ suburb: 'Bondi NSW 2026', from: 5, to: 3 }))).toBe(
      'Bondi NSW 2026: from 5 to 3 agents',
    );
    expect(describeDetails('SET_SUBSCRIPTION_MANUALLY_MANAGED', JSON.stringify({ from: false, to: true }))).toBe('Now managed manually');
    expect(describeDetails('SET_SUBSCRIPTION_MANUALLY_MANAGED', JSON.stringify({ from: true, to: false }))).toBe(
      'No longer managed manually',
    );
    expect(describeDetails('CANCEL_SUBSCRIPTION', JSON.stringify({ expiresAt: '2027-11-21T01:00:00.000Z' }))).toBe(
      'It was due to expire on 21 Nov 2027',
    );
    expect(describeDetails('REJECT_SELLER', JSON.stringify({ reason: 'No proof of authority', propertyIds: ['p'] }))).toBe(
      'Reason: No proof of authority',
    );
    expect(describeDetails('APPROVE_SELLER', JSON.stringify({ previouslyRejected: true }))).toBe('After an earlier rejection');
    expect(describeDetails('VERIFY_LISTING', JSON.stringify({ agentsHeld: 2, sellerUserId: 's' }))).toBe(
      '2 agents waiting for it received the request',
    );
    expect(describeDetails('VERIFY_LISTING', JSON.stringify({ agentsHeld: 0 }))).toBe('No agent was waiting for it');
    expect(describeDetails('REJECT_LISTING', JSON.stringify({ reason: 'No proof', agentsHeld: 1 }))).toBe('Reason: No proof');
    expect(describeDetails('RETRY_LEAD_FEE', JSON.stringify({ attempt: 2, agentUserId: 'a' }))).toBe('Attempt 2');
    expect(
      describeDetails(
        'UPDATE_SETTINGS',
        JSON.stringify({
          from: { staticCashbackAmount: 500, totalFreeTrialsAllowed: 5 },
          to: { staticCashbackAmount: 750, totalFreeTrialsAllowed: 3 },
        }),
      ),
    ).toBe('Cashback $500 → $750; Free trials 5 → 3');
    const settings = (from: object, to: object) => describeDetails('UPDATE_SETTINGS', JSON.stringify({ from, to }));
    expect(
      settings({ staticCashbackAmount: 500, totalFreeTrialsAllowed: 5 }, { staticCashbackAmount: 750.5, totalFreeTrialsAllowed: 5 }),
    ).toBe('Cashback $500 → $750.50');
    expect(
      settings({ staticCashbackAmount: 500, totalFreeTrialsAllowed: 5 }, { staticCashbackAmount: 500, totalFreeTrialsAllowed: 5 }),
    ).toBe('Saved without changes');
    expect(describeDetails('APPROVE_SELLER', '{}')).toBe('—');
  });

  it('falls back to the raw pairs for anything it does not know', () => {
    expect(describeDetails('SOMETHING_NEW', JSON.stringify({ a: 1, b: { c: 2 } }))).toBe('a: 1; b: {"c":2}');
    expect(describeDetails('MARK_CASHBACK_PAID', JSON.stringify({ amount: 'odd' }))).toBe('amount: odd');
    expect(describeDetails('UPDATE_SETTINGS', 'not json')).toBe('not json');
  });

  it('lists the claims a payout download held', () => {
    expect(
      describeDetails('DOWNLOAD_CASHBACK_PAYOUTS', JSON.stringify({ format: 'ABA', claimIds: ['c1', 'c2'], totalCents: 173_450 })),
    ).toBe('ABA of 2 claims, $1,734.50: c1, c2');
    expect(describeTarget('PAYOUT_FILE', 'f1')).toBe('Payout file f1');
  });

  it('never shows a raw id for a person or listing no longer there to name', () => {
    expect(describeTarget('USER', '229f5d4b-0000-4000-8000-000000000000')).toBe('Seller (account closed)');
    expect(describeTarget('AGENT', '229f5d4b-0000-4000-8000-000000000000')).toBe('Agent (account closed)');
    expect(describeTarget('PROPERTY', '229f5d4b-0000-4000-8000-000000000000')).toBe('Listing (no longer on Listwise)');
  });

  it('says what happened to payout batches, lead fees, disputes and stuck e-mails', () => {
    expect(describeDetails('MARK_PAYOUT_BATCH_PAID', JSON.stringify({ claimIds: ['c1'], totalCents: 50_000 }))).toBe('1 claim paid, $500');
    expect(describeDetails('RETURN_CASHBACK_CLAIM', JSON.stringify({ batchId: 'b1', reason: 'Account closed' }))).toBe(
      'Reason: Account closed',
    );
    expect(describeDetails('PAYOUT_PASSWORD_FAILED', JSON.stringify({ operation: 'x', clientAddress: '10.0.0.1' }))).toBe('From 10.0.0.1');
    expect(describeDetails('SETTLE_DISPUTED_SALE', JSON.stringify({ outcome: 'SALE_VOID', reason: 'Other agency' }))).toBe(
      'The sale is void. Reason: Other agency',
    );
    expect(describeDetails('RESEND_EMAIL', JSON.stringify({ subject: 'Hi', to: 'a@b.c' }))).toBe("'Hi' to a@b.c");
    expect(describeTarget('PAYOUT_BATCH', 'b1')).toBe('Payout batch b1');
  });

  it('says why a review was published or removed, in the words of the policy', () => {
    const held = { agentUserId: 'a', previousStatus: 'HELD', holdReasons: ['AGENT_NETWORK_ADDRESS', 'CONTACT_DETAILS'], reportReasons: [] };
    expect(describeDetails('PUBLISH_AGENT_REVIEW', JSON.stringify(held))).toBe(
      "It was held: Sent from a network address the agent's own sessions used in the last 30 days; The text holds a phone number, an e-mail address or a link",
    );
    const reported = { agentUserId: 'a', previousStatus: 'PUBLISHED', holdReasons: [], reportReasons: ['OFFENSIVE'] };
    expect(describeDetails('PUBLISH_AGENT_REVIEW', JSON.stringify(reported))).toBe(
      'Kept published after a report: Offensive, abusive or discriminatory',
    );
    expect(
      describeDetails(
        'REMOVE_AGENT_REVIEW',
        JSON.stringify({ ...held, holdReasons: ['AGENT_EMAIL_DOMAIN'], reason: 'FAKE_OR_CONFLICTED' }),
      ),
    ).toBe(
      "Reason: Fake, or written by someone with a conflict of interest (it was held: The reviewer's e-mail domain is the agent's or the agency's)",
    );
    expect(describeDetails('REMOVE_AGENT_REVIEW', JSON.stringify({ ...reported, reason: 'PERSONAL_INFORMATION' }))).toBe(
      'Reason: Contains personal information (reported: Offensive, abusive or discriminatory)',
    );
    expect(describeDetails('REMOVE_AGENT_REVIEW', JSON.stringify({ reason: 'SOMETHING_ELSE' }))).toBe('reason: SOMETHING_ELSE');
    expect(describeTarget('AGENT_REVIEW', 'r1')).toBe('Review r1');
  });

  it('says which licence was checked and why an agent was suspended (issues 22 and 23)', () => {
    expect(ACTION_LABELS.VERIFY_AGENT_LICENCE).toBe('Verified an agent’s licence');
    expect(ACTION_LABELS.SUSPEND_AGENT).toBe('Suspended an agent');
    expect(describeDetails('SUSPEND_AGENT', JSON.stringify({ reason: 'No-shows' }))).toBe('Reason: No-shows');
    expect(ACTION_LABELS.LIFT_AGENT_SUSPENSION).toBe('Lifted an agent’s suspension');
    expect(describeDetails('LIFT_AGENT_SUSPENSION', JSON.stringify({ reason: 'No-shows', suspendedAt: '2026-11-20T01:00:00.000Z' }))).toBe(
      'Suspended since 20 Nov 2026 for: No-shows',
    );
    expect(describeTarget('AGENT', 'a1')).toBe('Agent (account closed)');
  });

  it('names the kind of object touched', () => {
    expect(describeTarget('CASHBACK_CLAIM', 'abc')).toBe('Cashback abc');
    expect(describeTarget('SETTINGS', 'settings')).toBe('Settings');
    expect(describeTarget('NEW_KIND', 'id')).toBe('NEW_KIND id');
  });
});

describe('every audit action has a plain-English label', () => {
  it('labels each action the server can record, in words rather than its code', () => {
    for (const action of ADMIN_AUDIT_ACTIONS) {
      const label = (ACTION_LABELS as Record<string, string | undefined>)[action];
      expect(label, `${action} has no label in ACTION_LABELS`).toBeTruthy();
      expect(label).not.toBe(action);
      expect(label).toMatch(/^[A-Z][a-z]/);
    }
    expect(new Set(Object.values(ACTION_LABELS)).size, 'two actions share a label').toBe(Object.keys(ACTION_LABELS).length);
    expect(Object.keys(ACTION_LABELS).sort()).toEqual([...ADMIN_AUDIT_ACTIONS].sort());
  });

  it('turns the chosen days into the instants the API filters by, either end open', () => {
    const { createdFrom, createdBefore } = dayRangeToInstants('2026-11-01', '2026-11-03');
    expect(new Date(createdFrom!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(createdBefore!).getTime()).toBe(new Date(2026, 10, 4).getTime());
    expect(dayRangeToInstants('', '2026-12-31')).toEqual({ createdFrom: null, createdBefore: new Date(2027, 0, 1).toISOString() });
    expect(dayRangeToInstants('', '')).toEqual({ createdFrom: null, createdBefore: null });
  });

  it('describes licence decisions', () => {
    expect(describeDetails('REJECT_AGENT_LICENCE', JSON.stringify({ number: '123', state: 'NSW', reason: 'Expired' }))).toBe(
      'Licence 123 (NSW). Reason: Expired',
    );
  });
});
