/**
 * /property/{propertyId}/appraisal/{appraisalId} (spec 001 'Appraisal detail'): the agent's video, the agent and
 * agency (with the agency's bio in a dialog), phone, badge, bio (Read More / Read Less), then the appraisal itself
 * and a disclaimer. Print is hidden once the property sold unconditionally; 'Request Appointment' shows until the
 * seller has asked. A missing or foreign appraisal is the not-found view.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from 'urql';
import { toNationalPhone } from '@listwise/domain/phone';
import { LicenceVerifiedMark } from '@/components/agent-profile/licence-mark';
import { TrackRecordSummary } from '@/components/agent-profile/track-record';
import { AgentReviewsSection } from '@/components/reviews/review-list';
import { ReviewSummary } from '@/components/reviews/review-summary';
import { AppraisalSections, AppraisalVideo } from '@/components/appraisal/appraisal-sections';
import { HowListwiseMakesMoney } from '@/components/how-listwise-makes-money';
import { Button, ButtonLink } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SellerAppraisalQuery, type SellerAppraisal } from '@/features/seller-appraisals/api/seller-appraisal';
import { AgentBadge } from '@/features/seller-appraisals/components/agent-badge';
import { AppointmentRequestPanel } from '@/features/seller-appraisals/components/appointment-request-panel';

function AgentPanel({ appraisal }: { appraisal: SellerAppraisal }) {
  const [isBioOpen, setIsBioOpen] = useState(false);
  const [isAgencyOpen, setIsAgencyOpen] = useState(false);
  const agent = appraisal.agent;
  const picture = agent?.profilePicture?.thumbnailUrl ?? agent?.profilePicture?.url ?? null;
  const logo = agent?.agencyLogo?.thumbnailUrl ?? agent?.agencyLogo?.url ?? null;
  const phone = appraisal.agentMobileNumber;
  const logoAlt = agent?.agencyName ? `${agent.agencyName} logo` : 'Agency logo';

  return (
    <section aria-labelledby="agent-name" className="rounded-xl border border-line bg-white p-5">
      <div className="flex items-start gap-4">
        {picture ? (
          <img src={picture} alt="" className="size-16 shrink-0 rounded-full object-cover sm:size-20" />
        ) : (
          <span className="size-16 shrink-0 rounded-full bg-brand-50 sm:size-20" aria-hidden="true" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id="agent-name" className="text-xl font-semibold break-words text-ink">
            {agent?.name ?? 'Agent'}
          </h2>
          {agent?.agencyName && (
            <p className="text-ink-soft">
              {agent.agencyName}
              {agent.agencyBio && (
                <>
                  {' · '}
                  <button
                    type="button"
                    onClick={() => setIsAgencyOpen(true)}
                    className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4"
                  >
                    About the agency
                  </button>
                </>
              )}
            </p>
          )}
          {phone && (
            <a href={`tel:${phone}`} className="self-start font-semibold text-brand-800 underline underline-offset-4">
              {toNationalPhone(phone)}
            </a>
          )}
          {agent?.badge && (
            <div className="mt-1">
              <AgentBadge badge={agent.badge} />
            </div>
          )}
          <LicenceVerifiedMark licence={agent?.licence} className="mt-1 self-start" />
          <TrackRecordSummary record={agent?.trackRecord ?? null} className="mt-1" />
          <ReviewSummary summary={agent?.reviewSummary} className="mt-1" />
          {/* On phones the logo sits under the agent's details, where it has room. */}
          {logo && <img src={logo} alt={logoAlt} className="mt-2 h-12 w-24 object-contain object-left sm:hidden" />}
        </div>
        {logo && <img src={logo} alt={logoAlt} className="hidden h-14 w-28 shrink-0 object-contain sm:block" />}
      </div>
      {agent?.bio && (
        <div className="mt-4">
          <p id="agent-bio" className={isBioOpen ? 'whitespace-pre-line leading-7 text-ink' : 'line-clamp-1 leading-7 text-ink'}>
            {agent.bio}
          </p>
          <button
            type="button"
            aria-expanded={isBioOpen}
            aria-controls="agent-bio"
            onClick={() => setIsBioOpen((v) => !v)}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800"
          >
            {isBioOpen ? 'Read Less' : 'Read More'}
          </button>
        </div>
      )}
      {agent?.agencyBio && (
        <ModalDialog isOpen={isAgencyOpen} onOpenChange={setIsAgencyOpen} title={agent.agencyName ?? 'Agency'}>
          <p className="whitespace-pre-line leading-7 text-ink">{agent.agencyBio}</p>
        </ModalDialog>
      )}
    </section>
  );
}

export default function SellerAppraisalDetailRoute() {
  const { propertyId = '', appraisalId = '' } = useParams();
  const [{ data, error, fetching }, reexecute] = useQuery({
    query: SellerAppraisalQuery,
    variables: { id: appraisalId },
    requestPolicy: 'cache-and-network',
  });
  const appraisal = data?.propertyAppraisal;
  useDocumentTitle(appraisal?.agent?.name ? `Appraisal from ${appraisal.agent.name}` : 'Appraisal');

  if (!appraisal) {
    if (error && errorCode(error) === 'not_found') return <NotFoundPage />;
    if (error && !fetching) return <FormError message={errorMessage(error)} />;
    return <PageSpinner />;
  }
  if (appraisal.property.id !== propertyId) return <NotFoundPage />;

  const isSold = appraisal.property.state === 'COMPLETE' && appraisal.property.completeType === 'SOLD_UNCONDITIONALLY';
  return (
    <>
      <PageHeader
        title="Appraisal"
        eyebrow={<TextLink to={`/property/${propertyId}#appraisals`}>← Back to property</TextLink>}
        actions={
          !isSold && (
            <Button variant="secondary" width="auto" onClick={() => window.print()} className="print:hidden">
              Print
            </Button>
          )
        }
      />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-6 pb-28">
        {appraisal.appraisalVideo && (
          <AppraisalVideo video={appraisal.appraisalVideo} label={`Video from ${appraisal.agent?.name ?? 'the agent'}`} />
        )}
        <AgentPanel appraisal={appraisal} />
        {appraisal.appointmentRequest && (
          <AppointmentRequestPanel
            appointment={appraisal.appointmentRequest}
            agentName={appraisal.agent?.name ?? 'the agent'}
            propertyState={appraisal.property.suburb?.state ?? null}
            changeTo={`/property/${propertyId}/appraisal/${appraisalId}/request-appointment`}
            onCancelled={() => reexecute({ requestPolicy: 'network-only' })}
          />
        )}
        <AppraisalSections appraisal={appraisal} />
        <div className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 print:hidden">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-ink">
            {appraisal.review ? 'You have reviewed this agent.' : `How was ${appraisal.agent?.name ?? 'this agent'}? Tell other sellers.`}
            <TextLink to={`/property/${propertyId}/appraisal/${appraisalId}/review`}>
              {appraisal.review ? 'See your review' : 'Write a review'}
            </TextLink>
          </p>
          {appraisal.agent && (
            <AgentReviewsSection agentId={appraisal.agent.id} agentName={appraisal.agent.name} summary={appraisal.agent.reviewSummary} />
          )}
        </div>
        <p className="text-sm leading-6 text-ink-soft">
          Disclaimer: this appraisal is the agent's opinion of the likely selling price and is not a formal valuation. Fees and commission
          are quoted by the agent and may be negotiated with them directly. Listwise does not guarantee any price or outcome.
        </p>
        <HowListwiseMakesMoney />
      </div>
      {!appraisal.appointmentRequestedBySeller && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-white/95 px-5 py-4 backdrop-blur md:left-64 print:hidden">
          <div className="mx-auto flex w-full max-w-page-header justify-end">
            <ButtonLink
              to={`/property/${propertyId}/appraisal/${appraisalId}/request-appointment`}
              width="full"
              className="whitespace-nowrap md:w-auto md:min-w-[225px]"
            >
              Request Appointment
            </ButtonLink>
          </div>
        </div>
      )}
    </>
  );
}
