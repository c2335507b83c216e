/**
 * /property/{propertyId}/sale-status/sold/agent: 'Select Agent' — 'Which agent did you engage with?', one radio
 * per agent who sent an appraisal (spec 001). Next goes to the claim page for that agent.
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { sellingAgentSchema, type SellingAgentValues } from '@listwise/domain/sale-validation';
import { Button } from '@/components/button';
import { appraisingAgents, type SaleAgent, type SaleProperty } from '@/features/sale/api/sale-property';
import { FieldError } from '@/components/field-error';
import { ChoiceRadio } from '@/features/sale/components/choice-radio';
import { SalePropertyPage } from '@/features/sale/components/sale-property-page';

function AgentPhoto({ agent }: { agent: SaleAgent }) {
  const src = agent.profilePicture?.thumbnailUrl ?? agent.profilePicture?.url;
  const initials = (agent.name ?? 'A')
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  if (src) return <img src={src} alt="" className="size-12 shrink-0 rounded-full object-cover ring-1 ring-line" />;
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-800 font-semibold text-white"
    >
      {initials}
    </span>
  );
}

function SelectAgentForm({ property }: { property: SaleProperty }) {
  const navigate = useNavigate();
  const errorId = useId();
  const agents = appraisingAgents(property);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SellingAgentValues>({ resolver: zodResolver(sellingAgentSchema), mode: 'onTouched' });

  const onSubmit = handleSubmit(({ sellingAgentId }) =>
    navigate(`/property/${property.id}/sale-status/sold/agent/${sellingAgentId}/claim`),
  );

  if (agents.length === 0) {
    return (
      <p className="rounded-xl border border-line bg-white p-5 leading-7 text-ink-soft">
        No agent has sent you an appraisal for this property yet. Cashback applies to a sale through an agent who appraised it.
      </p>
    );
  }
  const fieldError = errors.sellingAgentId?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <fieldset aria-describedby={fieldError ? errorId : undefined}>
        <legend className="mb-4 text-lg font-semibold text-ink">Which agent did you engage with?</legend>
        <div className="flex flex-col gap-3">
          {agents.map((agent) => (
            <ChoiceRadio
              key={agent.id}
              value={agent.id}
              label={agent.name ?? 'Listwise agent'}
              description={agent.agencyName}
              media={<AgentPhoto agent={agent} />}
              aria-invalid={fieldError ? true : undefined}
              {...register('sellingAgentId')}
            />
          ))}
        </div>
        <FieldError id={errorId} message={fieldError} className="mt-2" />
      </fieldset>
      <Button type="submit">Next</Button>
    </form>
  );
}

export default function SelectAgentRoute() {
  return (
    <SalePropertyPage title="Select Agent" back={{ label: 'Back', to: (id) => `/property/${id}/sale-status` }}>
      {(property) => <SelectAgentForm property={property} />}
    </SalePropertyPage>
  );
}
