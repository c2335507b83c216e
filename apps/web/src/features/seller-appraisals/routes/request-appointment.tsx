/**
 * /property/{propertyId}/appraisal/{appraisalId}/request-appointment (spec 001): 'Preferred Appointment Date &
 * Time'. The calendar disables Sundays and past dates; times run every 30 minutes from 8:00am to 6:00pm. Sent as
 * YYYY-MM-DD and HH:mm:ss; errors stay on the page under the form.
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { getLocalTimeZone, parseDate, today, type CalendarDate } from '@internationalized/date';
import { zodResolver } from '@hookform/resolvers/zod';
import { APPOINTMENT_TIME_SLOTS, appointmentRequestSchema, isCalendarDate, isSundayDate } from '@listwise/domain/appraisal-validation';
import { formatAppointmentTime } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { FormError } from '@/components/form-error';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { inputClasses } from '@/components/text-field';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SellerAppraisalQuery, useRequestAppointment } from '@/features/seller-appraisals/api/seller-appraisal';
import { ChevronIcon } from '@/components/chevron-icon';

interface Values {
  appointmentDate: string;
  appointmentTime: string;
}

function AppointmentDatePicker({
  value,
  onChange,
  onBlur,
  error,
  minValue,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  minValue: CalendarDate;
}) {
  const date = isCalendarDate(value) ? parseDate(value) : null;
  return (
    <DatePicker
      value={date}
      onChange={(next) => onChange(next ? next.toString() : '')}
      onBlur={onBlur}
      minValue={minValue}
      isDateUnavailable={(d) => isSundayDate(d.toString())}
      isInvalid={!!error}
      shouldForceLeadingZeros
      className="flex flex-col gap-1.5"
    >
      <Label className="text-sm font-semibold text-ink">
        Date
        <span aria-hidden="true" className="text-danger">
          {' '}
          *
        </span>
      </Label>
      <Group className={cx(inputClasses(!!error), 'flex h-12 items-center justify-between py-0! pr-1.5')}>
        <DateInput className="flex">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-brand-800 data-[focused]:text-white data-[placeholder]:text-slate-600"
            />
          )}
        </DateInput>
        <AriaButton aria-label="Open calendar" className="flex size-9 items-center justify-center rounded-md text-ink hover:bg-brand-50">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5" aria-hidden="true">
            <path d="M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z" />
          </svg>
        </AriaButton>
      </Group>
      {/* FieldError ties the message to the date input (aria-describedby), as the time's message is. */}
      <FieldError className="text-sm font-medium text-danger">{error}</FieldError>
      <Popover className="rounded-xl border border-line bg-white p-4 shadow-xl">
        <Dialog className="outline-none">
          <Calendar>
            <header className="mb-3 flex items-center justify-between gap-2">
              <AriaButton
                slot="previous"
                className="flex size-10 items-center justify-center rounded-md hover:bg-brand-50 disabled:opacity-40"
              >
                <ChevronIcon direction="left" />
              </AriaButton>
              <Heading className="font-semibold text-ink" />
              <AriaButton slot="next" className="flex size-10 items-center justify-center rounded-md hover:bg-brand-50">
                <ChevronIcon direction="right" />
              </AriaButton>
            </header>
            <CalendarGrid className="border-separate border-spacing-1">
              {(d) => (
                <CalendarCell
                  date={d}
                  className={({ isSelected, isDisabled, isUnavailable, isOutsideMonth }) =>
                    cx(
                      'flex size-10 items-center justify-center rounded-full text-sm outline-none',
                      isOutsideMonth && 'invisible',
                      isSelected ? 'bg-brand-800 font-semibold text-white' : 'text-ink hover:bg-brand-50',
                      (isDisabled || isUnavailable) && 'cursor-not-allowed text-slate-500 line-through hover:bg-transparent',
                    )
                  }
                />
              )}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}

/** The form itself, once the appraisal is known to be the seller's and still without an appointment. */
function AppointmentForm({ appraisalId, backTo }: { appraisalId: string; backTo: string }) {
  const navigate = useNavigate();
  const [, requestAppointment] = useRequestAppointment();
  const [serverError, setServerError] = useState<string | null>(null);
  const todayLocal = today(getLocalTimeZone());
  const { control, register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(appointmentRequestSchema(todayLocal.toString())),
    mode: 'onTouched',
    defaultValues: { appointmentDate: '', appointmentTime: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await requestAppointment({ propertyAppraisalId: appraisalId, ...values });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(`${backTo}/request-complete`, { replace: true });
  });

  const timeError = formState.errors.appointmentTime?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto flex w-full max-w-page-header flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <Controller
          control={control}
          name="appointmentDate"
          render={({ field, fieldState }) => (
            <AppointmentDatePicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              minValue={todayLocal}
            />
          )}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="appointment-time" className="text-sm font-semibold text-ink">
            Time
            <span aria-hidden="true" className="text-danger">
              {' '}
              *
            </span>
          </label>
          <select
            id="appointment-time"
            aria-invalid={timeError ? true : undefined}
            aria-describedby={timeError ? 'appointment-time-error' : undefined}
            className={cx(inputClasses(!!timeError), 'h-12')}
            {...register('appointmentTime')}
          >
            <option value="">Select a time</option>
            {APPOINTMENT_TIME_SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {formatAppointmentTime(slot)}
              </option>
            ))}
          </select>
          {timeError && (
            <p id="appointment-time-error" className="text-sm font-medium text-danger">
              {timeError}
            </p>
          )}
        </div>
      </div>
      <FormError message={serverError} />
      <div className="flex justify-end">
        <Button type="submit" width="full" className="whitespace-nowrap md:w-auto md:min-w-[225px]" isLoading={formState.isSubmitting}>
          Request Appointment
        </Button>
      </div>
    </form>
  );
}

export default function RequestAppointmentRoute() {
  const { propertyId = '', appraisalId = '' } = useParams();
  useDocumentTitle('Preferred Appointment Date & Time');
  // The appraisal decides what the page shows: not-found for a missing or foreign one, a notice once asked.
  const [{ data, error, fetching }] = useQuery({
    query: SellerAppraisalQuery,
    variables: { id: appraisalId },
    requestPolicy: 'cache-first',
  });
  // Read once: the successful request itself turns appointmentRequestedBySeller true just before leaving the page.
  const [wasAlreadyRequested, setWasAlreadyRequested] = useState<boolean | null>(null);
  const appraisal = data?.propertyAppraisal;
  if (appraisal && wasAlreadyRequested === null) setWasAlreadyRequested(appraisal.appointmentRequestedBySeller);
  const backTo = `/property/${propertyId}/appraisal/${appraisalId}`;

  if (!appraisal) {
    if (error && errorCode(error) === 'not_found') return <NotFoundPage />;
    if (error && !fetching) return <FormError message={errorMessage(error)} />;
    return <PageSpinner />;
  }
  if (appraisal.property.id !== propertyId) return <NotFoundPage />;

  return (
    <>
      <PageHeader
        title="Preferred Appointment Date & Time"
        eyebrow={<TextLink to={backTo}>← Back to the appraisal</TextLink>}
        description={wasAlreadyRequested ? undefined : 'Choose when you would like to meet the agent. They will confirm with you directly.'}
      />
      {wasAlreadyRequested ? (
        <div className="mx-auto w-full max-w-page-header rounded-xl border border-line bg-white p-6">
          <p className="text-ink">
            You have already requested an appointment with {appraisal.agent?.name ?? 'this agent'}. They will contact you by phone or email.
          </p>
          <TextLink to={`/property/${propertyId}#appraisals`} className="mt-3 inline-block">
            Back to property
          </TextLink>
        </div>
      ) : (
        <AppointmentForm appraisalId={appraisalId} backTo={backTo} />
      )}
    </>
  );
}
