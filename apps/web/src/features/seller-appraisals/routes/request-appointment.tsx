/**
 * /property/{propertyId}/appraisal/{appraisalId}/request-appointment (spec 001): 'Preferred Appointment Date &
 * Time'. The calendar disables Sundays and past dates; times run every 30 minutes from 8:00am to 6:00pm. Sent as
 * YYYY-MM-DD and HH:mm:ss; errors stay on the page under the form. Dates and times are where the property is, and
 * the time list names that zone ('Sydney time'), whatever the device's zone. An optional one-line note
 * goes to the agent. With an open request already, the same form changes it (date, time, note).
 */
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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
import { parseDate, type CalendarDate } from '@internationalized/date';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPOINTMENT_TIME_SLOTS,
  appointmentRequestSchema,
  isCalendarDate,
  isSundayDate,
  toSingleLine,
  type AppointmentRequestInput,
  type AppointmentRequestValues,
} from '@listwise/domain/appraisal-validation';
import { appointmentTimeZoneOf, appointmentTodayIn, formatAppointmentClock } from '@listwise/domain/appointment-time';
import { LIMITS } from '@listwise/domain/constants';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { FormError } from '@/components/form-error';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { inputClasses, TextField } from '@/components/text-field';
import { TextLink } from '@/components/text-link';
import { showToast } from '@/lib/toast';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  SellerAppraisalQuery,
  useChangeAppointmentRequest,
  useRequestAppointment,
  type SellerAppointmentRequest,
} from '@/features/seller-appraisals/api/seller-appraisal';
import { ChevronIcon } from '@/components/chevron-icon';

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

/**
 * The form itself, once the appraisal is known to be the seller's: a new request, or (`appointment`) a change of
 * the open one. `propertyState` decides the zone its days and times are in.
 */
function AppointmentForm({
  appraisalId,
  backTo,
  propertyState,
  appointment,
}: {
  appraisalId: string;
  backTo: string;
  propertyState: string | null;
  appointment: SellerAppointmentRequest | null;
}) {
  const navigate = useNavigate();
  const [, requestAppointment] = useRequestAppointment();
  const [, changeAppointment] = useChangeAppointmentRequest();
  const [serverError, setServerError] = useState<string | null>(null);
  const zone = appointmentTimeZoneOf(propertyState);
  // Today where the property is, not on the device: a seller abroad sees the property's calendar.
  const todayThere = parseDate(appointmentTodayIn(new Date(), propertyState));
  const { control, register, handleSubmit, formState } = useForm<AppointmentRequestInput, unknown, AppointmentRequestValues>({
    resolver: zodResolver(appointmentRequestSchema(todayThere.toString())),
    mode: 'onTouched',
    defaultValues: {
      appointmentDate: appointment?.requestedAppointmentDate ?? '',
      appointmentTime: appointment?.requestedAppointmentTime ?? '',
      note: appointment?.note ?? '',
    },
  });
  const noteLength = [...toSingleLine(useWatch({ control, name: 'note' }) ?? '')].length;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const fields = { appointmentDate: values.appointmentDate, appointmentTime: values.appointmentTime, note: values.note };
    if (appointment) {
      const result = await changeAppointment({ id: appointment.id, ...fields });
      if (result.error) return setServerError(errorMessage(result.error));
      showToast('Your appointment request has been changed. We have told the agent.', { tone: 'success' });
      navigate(backTo, { replace: true });
      return;
    }
    const result = await requestAppointment({ propertyAppraisalId: appraisalId, ...fields });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(`${backTo}/request-complete`, { replace: true });
  });

  const timeError = formState.errors.appointmentTime?.message;
  const noteError = formState.errors.note?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto flex w-full max-w-page-header flex-col gap-6">
      <p className="text-sm text-ink-soft">Dates and times are in {zone.label}, where the property is.</p>
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
              minValue={todayThere}
            />
          )}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="appointment-time" className="text-sm font-semibold text-ink">
            Time ({zone.label})
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
                {formatAppointmentClock(slot)}
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
      <TextField
        label="Note for the agent (optional)"
        description={`One line, up to ${LIMITS.appointmentNote} characters: the best way in, or when suits you. ${noteLength}/${LIMITS.appointmentNote}`}
        autoComplete="off"
        enterKeyHint="send"
        error={noteError}
        {...register('note')}
      />
      <FormError message={serverError} />
      <div className="flex justify-end">
        <Button type="submit" width="full" className="whitespace-nowrap md:w-auto md:min-w-[225px]" isLoading={formState.isSubmitting}>
          {appointment ? 'Save changes' : 'Request Appointment'}
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
  // Read once: a successful request turns appointmentRequestedBySeller true just before leaving the page, and
  // the form must not turn into the change form under the seller's finger.
  const [opened, setOpened] = useState<{ appointment: SellerAppointmentRequest | null } | null>(null);
  const appraisal = data?.propertyAppraisal;
  if (appraisal && opened === null) {
    const open = appraisal.appointmentRequest && !appraisal.appointmentRequest.cancelledAt ? appraisal.appointmentRequest : null;
    setOpened({ appointment: open });
  }
  const backTo = `/property/${propertyId}/appraisal/${appraisalId}`;

  if (!appraisal || !opened) {
    if (error && errorCode(error) === 'not_found') return <NotFoundPage />;
    if (error && !fetching) return <FormError message={errorMessage(error)} />;
    return <PageSpinner />;
  }
  if (appraisal.property.id !== propertyId) return <NotFoundPage />;

  const isChange = !!opened.appointment;
  return (
    <>
      <PageHeader
        title={isChange ? 'Change your appointment request' : 'Preferred Appointment Date & Time'}
        eyebrow={<TextLink to={backTo}>← Back to the appraisal</TextLink>}
        description={
          isChange
            ? `We will tell ${appraisal.agent?.name ?? 'the agent'} and update both calendars.`
            : 'Choose when you would like to meet the agent. They will confirm with you directly.'
        }
      />
      <AppointmentForm
        appraisalId={appraisalId}
        backTo={backTo}
        propertyState={appraisal.property.suburb?.state ?? null}
        appointment={opened.appointment}
      />
    </>
  );
}
