/**
 * /new-property/select-agents — choose up to 5 agents to request appraisals from (spec 001 §2, §4, §5, §8).
 * Agents offered hold a live subscription for the suburb and a complete profile. With none, the request goes out
 * by itself with an empty selection and the seller lands on /new-property/no-agents. 'Ask Listwise for more
 * agents' is offered only when exactly one agent is. Errors: verification_pending → /,
 * no_agents_and_verification_pending → /new-property/no-agents.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import { MAX_AGENTS_PER_REQUEST } from '@listwise/domain/constants';
import { formatDollars } from '@listwise/domain/format';
import { LISTING_MESSAGES } from '@listwise/domain/listing';
import { missingAnswersByStep } from '@listwise/domain/question-requirements';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { HowListwiseMakesMoney } from '@/components/how-listwise-makes-money';
import { TextLink } from '@/components/text-link';
import { CurrentUserQuery, type CurrentUser } from '@/lib/current-user';
import { errorCode, errorMessage } from '@/lib/errors';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
import { useAgentsForProperty, usePublishProperty } from '@/features/listing/api/publish-property';
import type { DraftProperty } from '@/features/listing/api/draft-property';
import { AgentChoiceCard } from '@/features/listing/components/agent-choice-card';
import { AgentReviewsDisclosures } from '@/features/listing/components/agent-reviews-disclosures';
import { DraftGate } from '@/features/listing/components/draft-gate';
import { FieldError } from '@/components/field-error';
import { WizardPage } from '@/features/listing/components/wizard-page';
import { useKeptAgentSelection } from '@/features/listing/lib/resume-publishing';
import { WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';
import { MissingAnswersNotice } from '@/features/listing/components/missing-answers-notice';

export default function SelectAgentsRoute() {
  return <DraftGate>{({ draft, me }) => <SelectAgents key={draft.id} draft={draft} me={me} />}</DraftGate>;
}

function SelectAgents({ draft, me }: { draft: DraftProperty; me: CurrentUser }) {
  const navigate = useNavigate();
  const client = useClient();
  const [{ data, fetching, error: loadError }, reload] = useAgentsForProperty(draft.id);
  const [{ data: settings }] = useStaticCashbackAmount();
  const [, publish] = usePublishProperty();
  // Kept for the draft, so a visit to a step with missing answers does not lose the seller's choice.
  const [selected, setSelected] = useKeptAgentSelection(draft.id);
  const missing = missingAnswersByStep({ ...draft, suburbId: draft.suburb ? Number(draft.suburb.id) : null });
  const [askForMore, setAskForMore] = useState(false);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const hasAutoSubmitted = useRef(false);
  const agents = data?.agentsForProperty;

  const submit = useCallback(
    async (selectedAgents: string[], askListwiseForMoreAgents: boolean) => {
      setServerError(null);
      setIsSubmitting(true);
      const result = await publish({ propertyId: draft.id, selectedAgents, askListwiseForMoreAgents });
      const code = errorCode(result.error);
      if (!result.error || code === 'verification_pending' || code === 'no_agents_and_verification_pending') {
        // The seller's next page and status changed on the server.
        await client.query(CurrentUserQuery, {}, { requestPolicy: 'network-only' }).toPromise();
      }
      setIsSubmitting(false);
      if (!result.error) return navigate(selectedAgents.length ? WIZARD_PATHS.requestSent : WIZARD_PATHS.noAgents, { replace: true });
      if (code === 'verification_pending') return navigate('/', { replace: true });
      if (code === 'no_agents_and_verification_pending') return navigate(WIZARD_PATHS.noAgents, { replace: true });
      if (code === 'email_not_verified') return navigate('/email-verification');
      setServerError(errorMessage(result.error));
    },
    [client, draft.id, navigate, publish],
  );

  // No agent serves the suburb: the request goes out with an empty selection (spec 001 §4).
  useEffect(() => {
    if (!agents || agents.length > 0 || hasAutoSubmitted.current) return;
    hasAutoSubmitted.current = true;
    void submit([], false);
  }, [agents, submit]);

  if (loadError && !agents) {
    return (
      <WizardPage title="Select Agents">
        <FormError message={errorMessage(loadError)} />
        <Button width="auto" className="mt-4" onClick={() => reload({ requestPolicy: 'network-only' })}>
          Try again
        </Button>
      </WizardPage>
    );
  }
  if (!agents || fetching || agents.length === 0) {
    return (
      <WizardPage title="Select Agents">
        {serverError ? <FormError message={serverError} /> : <PageSpinner label="Finding local agents" />}
      </WizardPage>
    );
  }

  const isFull = selected.length >= MAX_AGENTS_PER_REQUEST;
  const toggle = (agentId: string, isChecked: boolean) => {
    setSelectionError(null);
    setSelected((current) => {
      if (!isChecked) return current.filter((id) => id !== agentId);
      // A sixth selection is ignored (spec 000 §5).
      return current.length >= MAX_AGENTS_PER_REQUEST || current.includes(agentId) ? current : [...current, agentId];
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (missing.length > 0) {
      // The server would answer required_questions_not_answered: say which, and where to answer them.
      document.getElementById('missing-answers')?.focus();
      return;
    }
    if (selected.length === 0 && !askForMore) {
      setSelectionError(LISTING_MESSAGES.selectAgent);
      return;
    }
    await submit(selected, askForMore);
  };

  const cashback = settings?.staticCashbackAmount;
  const isPending = !!me.sellerProfile && me.sellerProfile.status !== 'APPROVED';

  return (
    <WizardPage
      title="Select Agents"
      description={
        <>
          <p>Choose up to {MAX_AGENTS_PER_REQUEST} local agents to appraise your property. They respond within 48 hours.</p>
          {cashback !== undefined && (
            <p className="mt-2 font-semibold text-brand-900">
              Receive {formatDollars(cashback)} cashback when you sell with a Listwise agent.
            </p>
          )}
          {isPending && <p className="mt-2">Your chosen agents will be notified once your property ownership details are verified.</p>}
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <fieldset aria-describedby={selectionError ? 'agent-selection-error' : undefined} className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-semibold text-ink">
            Agents serving {draft.suburb?.name ?? 'your suburb'} ({selected.length} of {Math.min(agents.length, MAX_AGENTS_PER_REQUEST)}{' '}
            selected)
          </legend>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {agents.map((agent) => {
              const isSelected = selected.includes(agent.id);
              return (
                <li key={agent.id}>
                  <AgentChoiceCard
                    agent={agent}
                    isSelected={isSelected}
                    isDisabled={!isSelected && isFull}
                    onChange={(event) => toggle(agent.id, event.target.checked)}
                  />
                </li>
              );
            })}
          </ul>
          {agents.length === 1 && (
            <label className="flex items-start gap-3 rounded-lg border border-slate-300 bg-white p-4 text-base text-ink">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-brand-800"
                checked={askForMore}
                onChange={(event) => {
                  setSelectionError(null);
                  setAskForMore(event.target.checked);
                }}
              />
              <span>Ask Listwise for more agents: we will look for more local agents to appraise your property.</span>
            </label>
          )}
          <FieldError id="agent-selection-error" message={selectionError ?? undefined} />
        </fieldset>
        <AgentReviewsDisclosures agents={agents} />
        <HowListwiseMakesMoney />
        <div id="missing-answers" tabIndex={-1} className="outline-none">
          <MissingAnswersNotice groups={missing} />
        </div>
        {missing.length === 0 && <FormError message={serverError} />}
        <div className="flex flex-col-reverse gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
          <TextLink to={WIZARD_PATHS.additionalInfo}>Back</TextLink>
          <Button type="submit" isLoading={isSubmitting}>
            Request appraisals
          </Button>
        </div>
      </form>
    </WizardPage>
  );
}
