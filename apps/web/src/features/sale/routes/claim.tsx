/**
 * /property/{propertyId}/sale-status/sold/agent/{agentId}/claim: the bank details page, titled with the cash
 * offer (spec 001). Submitting reports the sale through that agent (`propertySoldThroughListwise`) and goes to
 * /sold; errors stay under the form. The bank details are sent once and never shown back.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars } from '@listwise/domain/format';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  ACCOUNT_NUMBER_MAX_DIGITS,
  BSB_INPUT_MAX_LENGTH,
  SALE_MESSAGES,
  bankDetailsSchema,
  type BankDetailsInput,
  type BankDetailsValues,
} from '@listwise/domain/sale-validation';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
import { appraisingAgents, useSoldThroughListwise, type SaleProperty } from '@/features/sale/api/sale-property';
import { SalePropertyPage } from '@/features/sale/components/sale-property-page';
import { CollectionNotice } from '@/components/collection-notice';

interface ClaimFormProps {
  property: SaleProperty;
  agentId: string;
  amount: string;
  onClaiming: (isClaiming: boolean) => void;
}

function ClaimForm({ property, agentId, amount, onClaiming }: ClaimFormProps) {
  const navigate = useNavigate();
  const [, reportSold] = useSoldThroughListwise();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BankDetailsInput, unknown, BankDetailsValues>({
    resolver: zodResolver(bankDetailsSchema),
    mode: 'onTouched',
    defaultValues: { accountName: '', bsb: '', accountNumber: '' },
  });

  const agent = appraisingAgents(property).find((a) => a.id === agentId);
  if (!agent) return <Navigate to={`/property/${property.id}/sale-status/sold/agent`} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    onClaiming(true);
    const result = await reportSold({ propertyId: property.id, sellingAgentId: agentId, ...values });
    if (result.error) {
      onClaiming(false);
      return setServerError(errorMessage(result.error));
    }
    navigate(`/property/${property.id}/sold`, { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="leading-7 text-ink-soft">
        You sold through <strong className="font-semibold text-ink">{agent.name ?? 'your agent'}</strong>
        {agent.agencyName ? ` of ${agent.agencyName}` : ''}. Enter the Australian bank account the {amount} should be paid into. We pay it
        once your agent confirms the unconditional sale.
      </p>
      <TextField
        label="Account name"
        autoComplete="off"
        maxLength={ACCOUNT_NAME_MAX_LENGTH}
        description="As your bank shows it"
        required
        error={errors.accountName?.message}
        {...register('accountName')}
      />
      <TextField
        label="BSB"
        inputMode="numeric"
        autoComplete="off"
        // '062-000' and '062 000' are 7 characters: the field must not cut the last digit off.
        maxLength={BSB_INPUT_MAX_LENGTH}
        description={SALE_MESSAGES.bsbHint}
        required
        error={errors.bsb?.message}
        {...register('bsb')}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        // Room for a space typed between the digits; the rule counts digits only.
        maxLength={ACCOUNT_NUMBER_MAX_DIGITS + 2}
        description="5 to 9 digits"
        required
        error={errors.accountNumber?.message}
        {...register('accountNumber')}
      />
      <CollectionNotice purpose="bank-details" />
      <Button type="submit" isLoading={isSubmitting}>
        Claim {amount}
      </Button>
      <FormError message={serverError} />
    </form>
  );
}

export default function ClaimRoute() {
  const { agentId = '' } = useParams();
  const [{ data: settings, error }] = useStaticCashbackAmount();
  const [isClaiming, setIsClaiming] = useState(false);
  if (!settings && !error) return <PageSpinner />;
  const amount = settings ? formatDollars(settings.staticCashbackAmount) : 'cashback';
  const title = settings ? `Claim your ${amount} cashback` : 'Claim your cashback';
  return (
    <SalePropertyPage
      title={title}
      back={{ label: 'Back', to: (id) => `/property/${id}/sale-status/sold/agent` }}
      redirectWhenSold={!isClaiming}
    >
      {(property) => <ClaimForm property={property} agentId={agentId} amount={amount} onClaiming={setIsClaiming} />}
    </SalePropertyPage>
  );
}
