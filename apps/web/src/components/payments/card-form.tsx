/**
 * The card form (spec 000 §4 'Card setup', §5 'Card entry', §8 'Card provider error'): card number, expiry and CVC
 * with the agent's name as the billing name. A setup intent is created when the form opens and again after any
 * error; the provider confirms the card; `stripeConfirmPaymentMethod` saves it as the default card; the user and
 * the default card are refetched; `onSaved` is told. Used by the card modal, the Add New Suburb wizard and the
 * payment-condition modal.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useClient, useQuery } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { cardDigits, cardEntrySchema, formatCardNumber, parseCardExpiry, type CardEntry } from '@listwise/domain/payments';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { CurrentUserQuery } from '@/lib/current-user';
import { MySubscribedSuburbsQuery } from '@/components/suburbs/suburb-api';
import { errorMessage } from '@/lib/errors';
import { confirmWithTestGateway, type CardConfirmation } from './card-confirmation';
import {
  ConfirmPaymentMethodMutation,
  CreateSetupIntentMutation,
  DefaultPaymentMethodQuery,
  PaymentGatewayConfigQuery,
  type PaymentGatewayConfig,
  type PaymentMethod,
} from './payment-api';
import { StripeCardFields, type StripeCardFieldsHandle } from './stripe-card-fields';

export interface CardFormProps {
  /** The agent's name: sent as the card's billing name. */
  billingName: string;
  onSaved: (method: PaymentMethod) => void;
  onCancel?: () => void;
  submitLabel?: string;
  cancelLabel?: string;
}

/** 'MM / YY' as the digits are typed. */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

/** A setup intent for this attempt; a new one after every error (the spec's rule, and Stripe's). */
function useSetupIntent() {
  const client = useClient();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requestId = useRef(0);

  /** Asks for a setup intent; answers its client secret, or null when it failed or a newer request took over. */
  const request = useCallback((): Promise<string | null> => {
    const id = ++requestId.current;
    const asked = client.mutation(CreateSetupIntentMutation, {}, { requestPolicy: 'network-only' }).toPromise();
    return asked.then((result) => {
      if (id !== requestId.current) return null; // a newer request superseded this one
      if (result.error || !result.data) {
        setError(errorMessage(result.error));
        return null;
      }
      setError(null);
      setClientSecret(result.data.stripeCreateSetupIntent.clientSecret);
      return result.data.stripeCreateSetupIntent.clientSecret;
    });
  }, [client]);

  /** A fresh setup intent in place of the one held (spent or refused). */
  const recreate = useCallback(() => {
    setClientSecret(null);
    return request();
  }, [request]);

  // The first one as the form mounts (no secret is held yet).
  useEffect(() => {
    void request();
    const requests = requestId;
    return () => {
      requests.current++; // an answer arriving after unmount is ignored
    };
  }, [request]);

  return { clientSecret, error, recreate };
}

export function CardForm({ billingName, onSaved, onCancel, submitLabel = 'Save card', cancelLabel = 'Cancel' }: CardFormProps) {
  const client = useClient();
  const [{ data: configData, error: configError }] = useQuery({ query: PaymentGatewayConfigQuery });
  const config = configData?.paymentGatewayConfig;
  const setupIntent = useSetupIntent();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  /** After the provider answered: save the payment method, or show the error and start again. */
  const finish = async (confirmation: CardConfirmation) => {
    if ('error' in confirmation) {
      setServerError(confirmation.error);
      void setupIntent.recreate();
      return false;
    }
    const saved = await client.mutation(ConfirmPaymentMethodMutation, { stripePaymentMethodId: confirmation.paymentMethodId }).toPromise();
    if (saved.error || !saved.data) {
      setServerError(errorMessage(saved.error));
      void setupIntent.recreate();
      return false;
    }
    // The user, the default card and the agent's suburbs are read again, so every screen showing them updates.
    await Promise.all([
      client.query(DefaultPaymentMethodQuery, {}, { requestPolicy: 'network-only' }).toPromise(),
      client.query(CurrentUserQuery, {}, { requestPolicy: 'network-only' }).toPromise(),
      client.query(MySubscribedSuburbsQuery, {}, { requestPolicy: 'network-only' }).toPromise(),
    ]);
    onSaved(saved.data.stripeConfirmPaymentMethod);
    return true;
  };

  const run = async (confirm: (clientSecret: string) => Promise<CardConfirmation>) => {
    if (isSaving) return false;
    setServerError(null);
    setIsSaving(true);
    try {
      // The set-up intent failed to load (offline a moment ago): try again now rather than leave the form stuck.
      const clientSecret = setupIntent.clientSecret ?? (await setupIntent.recreate());
      if (!clientSecret) return false;
      return await finish(await confirm(clientSecret));
    } finally {
      setIsSaving(false);
    }
  };

  const shownError = serverError ?? setupIntent.error ?? (configError ? errorMessage(configError) : null);

  if (!config) {
    return (
      <div className="flex flex-col gap-4">
        {configError ? <FormError message={shownError} /> : <Spinner label="Loading the card form" className="text-brand-800" />}
      </div>
    );
  }

  const props = {
    billingName,
    isReady: !!setupIntent.clientSecret || !!setupIntent.error,
    isSaving,
    error: shownError,
    submitLabel,
    cancelLabel,
    onCancel,
  };
  return config.kind === 'STRIPE' && config.publishableKey ? (
    <StripeCardForm {...props} publishableKey={config.publishableKey} run={run} />
  ) : (
    <TestGatewayCardForm {...props} config={config} run={run} />
  );
}

interface VariantProps {
  billingName: string;
  isReady: boolean;
  isSaving: boolean;
  error: string | null;
  submitLabel: string;
  cancelLabel: string;
  onCancel?: () => void;
  run: (confirm: (clientSecret: string) => Promise<CardConfirmation>) => Promise<boolean>;
}

function BillingName({ name }: { name: string }) {
  return (
    <p className="text-sm text-ink-soft">
      Name on card: <span className="font-semibold text-ink">{name || 'Not set'}</span>
    </p>
  );
}

function FormActions({ isReady, isSaving, submitLabel, cancelLabel, onCancel }: Omit<VariantProps, 'run' | 'error' | 'billingName'>) {
  return (
    <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-end">
      {onCancel && (
        <Button variant="secondary" width="auto" onClick={onCancel} disabled={isSaving}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" width="auto" isLoading={isSaving} disabled={!isReady}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** The built-in test gateway: our own fields, validated like Stripe's, posted to the gateway's confirm URL. */
function TestGatewayCardForm({ config, run, error, billingName, ...actions }: VariantProps & { config: PaymentGatewayConfig }) {
  const hintId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors },
  } = useForm<CardEntry>({
    resolver: zodResolver(cardEntrySchema(new Date())),
    mode: 'onTouched',
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const expiry = parseCardExpiry(values.expiry)!;
    const saved = await run((clientSecret) =>
      confirmWithTestGateway(
        config.testConfirmSetupUrl ?? '/payments/test-gateway/confirm-setup',
        clientSecret,
        { number: cardDigits(values.cardNumber), expMonth: expiry.month, expYear: expiry.year, cvc: values.cvc.trim() },
        billingName,
      ),
    );
    if (saved) reset();
  });

  const cardNumber = register('cardNumber', { onChange: (e) => setValue('cardNumber', formatCardNumber(e.target.value)) });
  const expiry = register('expiry', { onChange: (e) => setValue('expiry', formatExpiry(e.target.value)) });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-describedby={hintId}>
      <p id={hintId} className="rounded-lg bg-brand-50 px-4 py-3 text-sm leading-6 text-ink">
        Test mode: use card 4242 4242 4242 4242 with any future expiry date and any CVC. Card 4000 0000 0000 0002 is declined.
      </p>
      <BillingName name={billingName} />
      <TextField
        label="Card number"
        required
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        error={errors.cardNumber?.message}
        {...cardNumber}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry date"
          required
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={7}
          error={errors.expiry?.message}
          {...expiry}
        />
        <TextField
          label="CVC"
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      <FormError message={error} />
      <FormActions {...actions} />
    </form>
  );
}

/** Stripe: the card fields are Stripe Elements; Stripe.js confirms the setup intent. */
function StripeCardForm({ publishableKey, run, error, billingName, ...actions }: VariantProps & { publishableKey: string }) {
  const fields = useRef<StripeCardFieldsHandle>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const handle = fields.current;
    if (!handle) return;
    await run((clientSecret) => handle.confirm(clientSecret, billingName));
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <BillingName name={billingName} />
      <StripeCardFields ref={fields} publishableKey={publishableKey} />
      <FormError message={error} />
      <FormActions {...actions} />
    </form>
  );
}
