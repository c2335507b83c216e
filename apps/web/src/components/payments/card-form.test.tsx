// @vitest-environment happy-dom
/**
 * The card form (spec 000 §4 'Card setup', §5 'Card entry', §8 'Card provider error') against a scripted GraphQL
 * API and test gateway: a setup intent per attempt and a new one after any error, the agent's name as the billing
 * name, the provider's message or 'Unexpected error', and a form that recovers when the setup intent failed to load.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Client, getOperationName, makeErrorResult, makeResult, Provider, type Exchange, type Operation } from 'urql';
import { filter, fromPromise, mergeMap, pipe } from 'wonka';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardForm } from './card-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Answer = { data: unknown } | { networkError: Error };
const calls: string[] = [];
let setupIntentAnswers: Answer[] = [];
let confirmAnswer: { status: number; body: unknown } = { status: 200, body: {} };
const gatewayRequests: { clientSecret: string; billingDetails: { name: string } }[] = [];

let secretCount = 0;
function answer(op: Operation): Answer {
  const name = getOperationName(op.query) ?? '';
  calls.push(name);
  switch (name) {
    case 'PaymentGatewayConfig':
      return { data: { paymentGatewayConfig: { kind: 'TEST', publishableKey: null, testConfirmSetupUrl: '/gateway/confirm' } } };
    case 'StripeCreateSetupIntent': {
      const scripted = setupIntentAnswers.shift();
      if (scripted) return scripted;
      secretCount++;
      return { data: { stripeCreateSetupIntent: { id: `seti_${secretCount}`, clientSecret: `seti_${secretCount}_secret_x` } } };
    }
    case 'StripeConfirmPaymentMethod':
      return { data: { stripeConfirmPaymentMethod: { id: 'm1', cardBrand: 'visa', cardSuffix: '4242' } } };
    default:
      return { data: null }; // the refetches after saving
  }
}

const scriptedExchange: Exchange = () => (operations$) =>
  pipe(
    operations$,
    filter((op) => op.kind !== 'teardown'),
    mergeMap((op) =>
      fromPromise(
        Promise.resolve().then(() => {
          const result = answer(op);
          return 'networkError' in result
            ? makeErrorResult(op, result.networkError)
            : makeResult(op, { data: result.data as Record<string, unknown> | null });
        }),
      ),
    ),
  );

let container: HTMLDivElement;
let root: Root;
const onSaved = vi.fn();

async function renderForm() {
  const client = new Client({ url: 'http://localhost/graphql', exchanges: [scriptedExchange] });
  await act(async () => {
    root.render(
      <Provider value={client}>
        <CardForm billingName="Nina Onboarding" onSaved={onSaved} />
      </Provider>,
    );
  });
  await settle();
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

function type(label: string, value: string) {
  const labelElement = [...container.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === label)!;
  const input = container.querySelector<HTMLInputElement>(`#${CSS.escape(labelElement.htmlFor)}`)!;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const saveButton = () => [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Save card'))!;
const alertText = () => container.querySelector('[role="alert"]')?.textContent ?? null;

async function submitCard(number: string) {
  await act(async () => {
    type('Card number', number);
    type('Expiry date', '12 / 34');
    type('CVC', '123');
  });
  await act(async () => saveButton().click());
  await settle();
  await settle();
}

beforeEach(() => {
  calls.length = 0;
  gatewayRequests.length = 0;
  setupIntentAnswers = [];
  secretCount = 0;
  onSaved.mockReset();
  confirmAnswer = { status: 200, body: { setupIntent: { id: 'seti_1', status: 'succeeded', paymentMethod: 'pm_saved' } } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      gatewayRequests.push(JSON.parse(String(init.body)) as (typeof gatewayRequests)[number]);
      return new Response(JSON.stringify(confirmAnswer.body), {
        status: confirmAnswer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const setupIntentsCreated = () => calls.filter((c) => c === 'StripeCreateSetupIntent').length;

describe('the card form', () => {
  it("confirms the card with a fresh setup intent and the agent's name as billing name, then saves it", async () => {
    await renderForm();
    expect(setupIntentsCreated()).toBe(1);
    await submitCard('4242 4242 4242 4242');
    expect(gatewayRequests).toHaveLength(1);
    expect(gatewayRequests[0]).toMatchObject({ clientSecret: 'seti_1_secret_x', billingDetails: { name: 'Nina Onboarding' } });
    expect(calls).toContain('StripeConfirmPaymentMethod');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ cardBrand: 'visa', cardSuffix: '4242' }));
  });

  it("shows 'Card declined, try another card' for a card declined while saving it, and creates a new setup intent", async () => {
    await renderForm();
    confirmAnswer = { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } };
    await submitCard('4000 0000 0000 0002');
    expect(alertText()).toBe('Card declined, try another card');
    expect(setupIntentsCreated()).toBe(2);
    expect(onSaved).not.toHaveBeenCalled();

    confirmAnswer = { status: 200, body: { setupIntent: { id: 'seti_2', status: 'succeeded', paymentMethod: 'pm_2' } } };
    await submitCard('4242 4242 4242 4242');
    expect(gatewayRequests.map((r) => r.clientSecret)).toEqual(['seti_1_secret_x', 'seti_2_secret_x']);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("falls back to 'Unexpected error' when the provider gives no message", async () => {
    await renderForm();
    confirmAnswer = { status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_invalid' } } };
    await submitCard('4242 4242 4242 4242');
    expect(alertText()).toBe('Unexpected error');
    expect(setupIntentsCreated()).toBe(2);
  });

  it('recovers when the setup intent failed to load: Save tries again instead of staying disabled', async () => {
    setupIntentAnswers = [{ networkError: new Error('offline') }];
    await renderForm();
    expect(alertText()).not.toBeNull();
    expect(saveButton().disabled).toBe(false);
    await submitCard('4242 4242 4242 4242');
    expect(setupIntentsCreated()).toBe(2);
    expect(gatewayRequests.map((r) => r.clientSecret)).toEqual(['seti_1_secret_x']);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});
