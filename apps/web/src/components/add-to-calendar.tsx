/**
 * 'Add to calendar' for an appointment: downloads the server's iCalendar invite (the same one the
 * e-mail carried) as a .ics file, or opens Google Calendar with the same event.
 */
import { buttonClasses } from '@/components/button';
import { downloadBlob } from '@/lib/download-file';

export interface AppointmentCalendar {
  ics: string;
  googleCalendarUrl: string;
}

export function AddToCalendar({ calendar, label }: { calendar: AppointmentCalendar; label: string }) {
  const download = () => downloadBlob(new Blob([calendar.ics], { type: 'text/calendar;charset=utf-8' }), 'appointment.ics');
  return (
    <div className="flex flex-wrap gap-3" role="group" aria-label={`Add to calendar: ${label}`}>
      <button type="button" onClick={download} className={buttonClasses('secondary', 'auto')}>
        Add to calendar (.ics)
      </button>
      <a href={calendar.googleCalendarUrl} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'auto')}>
        Google Calendar<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
