// @vitest-environment happy-dom
/**
 * 'Return to payable' in the console's payouts against a scripted API: the bank's reason is required (the domain's
 * message under the field, linked to it, the field focused), the message goes as soon as a reason is typed, the
 * reason is sent trimmed, and a refusal shows in the dialog, which stays open.
 */
import { act } from 'react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_REASON_MESSAGES } from '@listwise/domain/sale-validation';
import type { PayoutBatchClaim } from '@/features/admin/payouts/api';
import { describedBy, renderWithClient, scriptedClient, settle, typeInto } from '@/test/scripted-api';
import { ReturnClaim } from './payouts-panel';

const sent: Record<string, unknown>[] = [];
let refusal: string | null = null;
const client = scriptedClient(sent, () =>
  refusal
    ? { errors: [new GraphQLError(refusal, { extensions: { code: refusal } })] }
    : { data: { returnCashbackClaimToPayable: { id: 'claim-1', status: 'PAYABLE' } } },
);

const entry = { claim: { id: 'claim-1', amount: 25_000 } } as unknown as PayoutBatchClaim;
let unmount: () => Promise<void>;
const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const dialog = () => document.querySelector('[role="dialog"]');
const reasonField = () => dialog()!.querySelector('textarea')!;

async function click(name: string) {
  await act(async () => buttonNamed(name).click());
  await settle();
}

const typeReason = (value: string) => typeInto(reasonField(), value);

beforeEach(async () => {
  sent.length = 0;
  refusal = null;
  ({ unmount } = await renderWithClient(client, <ReturnClaim entry={entry} />));
});
afterEach(() => unmount());

describe('returning a payment the bank rejected', { timeout: 30_000 }, () => {
  it('asks for the reason before sending anything, and the message goes once one is typed', async () => {
    await click('Return to payable');
    const confirm = [...dialog()!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Return to payable')!;
    await act(async () => confirm.click());
    await settle();
    expect(reasonField().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(reasonField())).toContain(OPERATOR_REASON_MESSAGES.required);
    expect(document.activeElement).toBe(reasonField());
    expect(sent).toHaveLength(0);

    await typeReason('Account closed');
    await settle();
    expect(reasonField().getAttribute('aria-invalid')).toBeNull();
    expect(dialog()!.textContent).not.toContain(OPERATOR_REASON_MESSAGES.required);
  });

  it('sends the reason trimmed; a refusal shows in the dialog, which stays open', async () => {
    await click('Return to payable');
    await typeReason('  Account closed  ');
    refusal = 'not_found';
    const confirm = () => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Return to payable')!;
    await act(async () => confirm().click());
    await settle();
    expect(sent).toEqual([{ cashbackClaimId: 'claim-1', reason: 'Account closed' }]);
    expect(dialog()!.querySelector('[role="alert"]')?.textContent).toBeTruthy();

    refusal = null;
    await act(async () => confirm().click());
    await settle();
    expect(sent).toHaveLength(2);
    expect(dialog()).toBeNull();
  });
});
