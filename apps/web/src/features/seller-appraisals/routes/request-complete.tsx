/**
 * /property/{propertyId}/appraisal/{appraisalId}/request-complete (spec 001): 'Appointment Requested', repeating the
 * day and time asked for (in the property's zone) so the seller can check it before the agent calls.
 */
import { useParams } from 'react-router';
import { useQuery } from 'urql';
import { formatAppointmentWhen } from '@listwise/domain/appointment-time';
import { ButtonLink } from '@/components/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SellerAppraisalQuery } from '@/features/seller-appraisals/api/seller-appraisal';

export default function RequestCompleteRoute() {
  const { propertyId = '', appraisalId = '' } = useParams();
  useDocumentTitle('Appointment Requested');
  const [{ data }] = useQuery({ query: SellerAppraisalQuery, variables: { id: appraisalId }, pause: !appraisalId });
  const appraisal = data?.propertyAppraisal;
  const appointment = appraisal?.appointmentRequest;
  const when =
    appointment && !appointment.cancelledAt
      ? formatAppointmentWhen(
          { date: appointment.requestedAppointmentDate, time: appointment.requestedAppointmentTime },
          appraisal.property.suburb?.state ?? null,
        )
      : null;
  const agentName = appraisal?.agent?.name ?? 'the agent';
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-5 py-16 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-800" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-8">
          <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Appointment Requested</h1>
      {when && (
        <p className="mt-3 text-lg font-semibold text-ink">
          You asked {agentName} to meet on {when}.
        </p>
      )}
      <p className="mt-3 text-base leading-7 text-ink-soft">
        We have sent your request to the agent. They will reply by phone or email, usually within 24 hours.
      </p>
      <ButtonLink to={`/property/${propertyId}#appraisals`} className="mt-8">
        Back to property
      </ButtonLink>
    </div>
  );
}
