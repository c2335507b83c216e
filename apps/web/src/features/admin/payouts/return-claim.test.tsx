// @vitest-environment happy-dom
/**
 * 'Return to payable' in the console's payouts against a scripted API: the bank's reason is required (the domain's
 * message under the field, linked to it, the field focused), the message goes as soon as a reason is typed, the
 * reason is sent trimmed, and a refusal shows in the dialog, which stays open.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Client, makeResult, Provider, type Exchange, type Operation } from 'urql';
import { GraphQLError } from 'graphql';
import { filter, fromPromise, mergeMap, pipe } from 'wonka';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_REASON_MESSAGES } from '@listwise/domain/sale-validation';
import type { PayoutBatchClaim } from '@/features/admin/payouts/api';
import { ReturnClaim } from './payouts-panel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sent: Record<string, unknown>[] = [];
let refusal: string | null = null;

const scriptedExchange: Exchange = () => (operations$) =>
  pipe(
    operations$,
    filter((op) => op.kind !== 'teardown'),
    mergeMap((op: Operation) =>
      fromPromise(
        Promise.resolve().then(() => {
          sent.push(op.variables as Record<string, unknown>);
          return refusal
            ? makeResult(op, { data: null, errors: [new GraphQLError(refusal, { extensions: { code: refusal } })] })
            : makeResult(op, { data: { returnCashbackClaimToPayable: { id: 'claim-1', status: 'PAYABLE' } } });
        }),
      ),
    ),
  );

const entry = { claim: { id: 'claim-1', amount: 25_000 } } as unknown as PayoutBatchClaim;
let container: HTMLDivElement;
let root: Root;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const dialog = () => document.querySelector('[role="dialog"]');
const reasonField = () => dialog()!.querySelector('textarea')!;
const describedBy = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function click(name: string) {
  await act(async () => buttonNamed(name).click());
  await settle();
}

async function typeReason(value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(reasonField(), value);
    reasonField().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(async () => {
  sent.length = 0;
  refusal = null;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new Client({ url: 'http://localhost/graphql', exchanges: [scriptedExchange] });
  await act(async () => {
    root.render(
      <Provider value={client}>
        <ReturnClaim entry={entry} />
      </Provider>,
    );
  });
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

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
