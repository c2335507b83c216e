/**
 * The seller's appointment request on the appraisal page: when, in the property's zone and named
 * ('Saturday 3 April, 10:30am Sydney time', whatever the phone's zone), the note, 'Add to calendar', and Change /
 * Cancel request. A cancelled request says so and by whom; 'Request Appointment' is offered again.
 */
import { useState } from 'react';
import { formatAppointmentWhen } from '@listwise/domain/appointment-time';
import { AddToCalendar } from '@/components/add-to-calendar';
import { Button, ButtonLink } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useCancelAppointmentRequest, type SellerAppointmentRequest } from '@/features/seller-appraisals/api/seller-appraisal';

export function AppointmentRequestPanel({
  appointment,
  agentName,
  propertyState,
  changeTo,
  onCancelled,
}: {
  appointment: SellerAppointmentRequest;
  agentName: string;
  /** The property's state (its suburb's): the appointment's time is read in its zone. */
  propertyState: string | null;
  /** The change form's address. */
  changeTo: string;
  onCancelled: () => void;
}) {
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, cancel] = useCancelAppointmentRequest();
  const when = formatAppointmentWhen(
    { date: appointment.requestedAppointmentDate, time: appointment.requestedAppointmentTime },
    propertyState,
  );

  const confirmCancel = async () => {
    setError(null);
    const result = await cancel({ id: appointment.id });
    if (result.error) return setError(errorMessage(result.error));
    setIsConfirmOpen(false);
    showToast(`We have told ${agentName} that you cancelled.`, { tone: 'success' });
    onCancelled();
  };

  if (appointment.cancelledAt) {
    return (
      <section aria-labelledby="appointment-title" className="flex flex-col gap-2 rounded-xl border border-line bg-white p-5 print:hidden">
        <h2 id="appointment-title" className="text-lg font-semibold text-ink">
          Appointment request cancelled
        </h2>
        <p className="text-ink-soft">
          {appointment.cancelledBy === 'PROPERTY_COMPLETED'
            ? `Your request to meet ${agentName} on ${when} was cancelled because the property is no longer for sale through Listwise.`
            : `You cancelled your request to meet ${agentName} on ${when}. ${agentName} has been told.`}
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="appointment-title" className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5 print:hidden">
      <h2 id="appointment-title" className="text-lg font-semibold text-ink">
        Your appointment request
      </h2>
      <p className="text-ink-soft">
        You asked {agentName} to meet on <strong className="font-semibold text-ink">{when}</strong>.
      </p>
      {appointment.note && (
        <p className="text-ink-soft break-words">
          Your note: <q className="text-ink">{appointment.note}</q>
        </p>
      )}
      <AddToCalendar calendar={appointment.calendar} label={`appointment with ${agentName}`} />
      <div className="flex flex-wrap gap-3 border-t border-line pt-3">
        <ButtonLink to={changeTo} variant="secondary" width="auto">
          Change request
        </ButtonLink>
        <Button variant="ghost" width="auto" onClick={() => setIsConfirmOpen(true)}>
          Cancel request
        </Button>
      </div>
      <ModalDialog isOpen={isConfirmOpen} onOpenChange={setIsConfirmOpen} title="Cancel this appointment request?">
        <p className="leading-7 text-ink">
          We will tell {agentName} that you no longer want to meet on {when}, and take it out of your calendar and theirs.
        </p>
        <FormError message={error} />
        <div className="mt-6 flex flex-col-reverse gap-3 md:flex-row md:justify-end">
          <Button variant="secondary" width="auto" onClick={() => setIsConfirmOpen(false)}>
            Keep it
          </Button>
          <Button variant="danger" width="auto" isLoading={fetching} onClick={() => void confirmCancel()}>
            Cancel appointment request
          </Button>
        </div>
      </ModalDialog>
    </section>
  );
}
