/**
 * Card number, expiry and CVC as Stripe Elements (the card never touches Listwise), used when the server runs
 * on Stripe. Stripe.js is loaded only here, on demand (`@stripe/stripe-js/pure` adds no script at import).
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { Stripe, StripeCardCvcElement, StripeCardExpiryElement, StripeCardNumberElement } from '@stripe/stripe-js';
import { Spinner } from '@/components/spinner';
import { providerErrorMessage, type CardConfirmation } from './card-confirmation';

export interface StripeCardFieldsHandle {
  confirm(clientSecret: string, billingName: string): Promise<CardConfirmation>;
}

let stripePromise: Promise<Stripe | null> | null = null;
const loadStripeOnce = (publishableKey: string) =>
  (stripePromise ??= import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey)));

const ELEMENT_STYLE = {
  base: { fontSize: '16px', color: '#0f172a', '::placeholder': { color: '#475569' } },
  invalid: { color: '#b42318' },
};

const boxClass = 'rounded-lg border border-slate-400 bg-white px-3.5 py-3 shadow-xs';

export function StripeCardFields({ publishableKey, ref }: { publishableKey: string; ref: Ref<StripeCardFieldsHandle> }) {
  const id = useId();
  const numberRef = useRef<HTMLDivElement>(null);
  const expiryRef = useRef<HTMLDivElement>(null);
  const cvcRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const elements = useRef<{ number: StripeCardNumberElement; expiry: StripeCardExpiryElement; cvc: StripeCardCvcElement } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    loadStripeOnce(publishableKey)
      .then((loaded) => {
        if (!isCurrent) return;
        if (!loaded) throw new Error('Stripe did not load');
        const group = loaded.elements({ locale: 'en-AU' });
        const number = group.create('cardNumber', { style: ELEMENT_STYLE, showIcon: true });
        const expiry = group.create('cardExpiry', { style: ELEMENT_STYLE });
        const cvc = group.create('cardCvc', { style: ELEMENT_STYLE });
        number.mount(numberRef.current!);
        expiry.mount(expiryRef.current!);
        cvc.mount(cvcRef.current!);
        for (const element of [number, expiry, cvc] as const) {
          (element as StripeCardNumberElement).on('change', (event) => setFieldError(event.error?.message ?? null));
        }
        elements.current = { number, expiry, cvc };
        setStripe(loaded);
      })
      .catch(() => isCurrent && setLoadError('Unexpected error'));
    return () => {
      isCurrent = false;
      elements.current?.number.destroy();
      elements.current?.expiry.destroy();
      elements.current?.cvc.destroy();
      elements.current = null;
    };
  }, [publishableKey]);

  useImperativeHandle(
    ref,
    () => ({
      async confirm(clientSecret, billingName) {
        if (!stripe || !elements.current) return { error: 'Unexpected error' };
        const result = await stripe.confirmCardSetup(clientSecret, {
          payment_method: { card: elements.current.number, billing_details: { name: billingName } },
        });
        if (result.error) return { error: providerErrorMessage(result.error) };
        const method = result.setupIntent.payment_method;
        const paymentMethodId = typeof method === 'string' ? method : method?.id;
        return paymentMethodId ? { paymentMethodId } : { error: 'Unexpected error' };
      },
    }),
    [stripe],
  );

  return (
    <div className="flex flex-col gap-4">
      {!stripe && !loadError && <Spinner label="Loading the secure card form" className="text-brand-800" />}
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-number`} className="text-sm font-semibold text-ink">
          Card number
        </span>
        <div ref={numberRef} role="group" aria-labelledby={`${id}-number`} className={boxClass} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-expiry`} className="text-sm font-semibold text-ink">
            Expiry date
          </span>
          <div ref={expiryRef} role="group" aria-labelledby={`${id}-expiry`} className={boxClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-cvc`} className="text-sm font-semibold text-ink">
            CVC
          </span>
          <div ref={cvcRef} role="group" aria-labelledby={`${id}-cvc`} className={boxClass} />
        </div>
      </div>
      {(fieldError || loadError) && <p className="text-sm font-medium text-danger">{fieldError ?? loadError}</p>}
    </div>
  );
}
