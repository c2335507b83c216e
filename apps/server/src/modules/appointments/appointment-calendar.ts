import { eq } from 'drizzle-orm';
import type { AustralianState } from '@listwise/domain/enums';
import { toNationalPhone } from '@listwise/domain/phone';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { AppointmentRequestRow } from './appointments.service.ts';
import { describePropertyAddress } from '../appraisals/property-address.ts';
import { appointmentCalendar, appointmentInviteAttachment, googleCalendarUrl, type AppointmentInvite } from './calendar-invite.ts';

/**
 * The two readers of an appointment's invite: the agent (the property's address as the place, the seller's
 * contact details) and the seller (the agent's name and phone). Both copies share one UID.
 */
export type InviteReader = 'AGENT' | 'SELLER';

export async function appointmentInvite(
  db: Tx,
  appointment: AppointmentRequestRow,
  reader: InviteReader,
  appUrl: string,
): Promise<AppointmentInvite> {
  const property = (await db.query.properties.findFirst({ where: eq(properties.id, appointment.propertyId) }))!;
  const suburb = property.suburbId ? await db.query.suburbs.findFirst({ where: eq(suburbs.id, property.suburbId) }) : undefined;
  const address = await describePropertyAddress(db, property, { withStreet: true });
  const base = {
    appointmentId: appointment.id,
    date: appointment.requestedAppointmentDate,
    time: appointment.requestedAppointmentTime,
    state: (suburb?.state ?? 'NSW') as AustralianState,
    location: suburb ? `${address} ${suburb.postcode}` : address,
    appUrl,
    requestedAt: appointment.requestedBySellerAt,
  };
  if (reader === 'AGENT') {
    const seller = await db.query.users.findFirst({ where: eq(users.id, appointment.sellerUserId) });
    const profile = await db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, appointment.sellerUserId) });
    const contact = [profile?.name, seller?.mobileNumber && toNationalPhone(seller.mobileNumber), seller?.email].filter(Boolean).join(', ');
    return {
      ...base,
      summary: `Appraisal appointment: ${address}`,
      description: `Appointment requested through Listwise by ${contact || 'the seller'}. ${appUrl}/agent/appointment-requests`,
    };
  }
  const agent = await db.query.users.findFirst({ where: eq(users.id, appointment.agentUserId) });
  const profile = await db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, appointment.agentUserId) });
  const name = profile?.name ?? 'your agent';
  const phone = agent?.mobileNumber ? toNationalPhone(agent.mobileNumber) : null;
  return {
    ...base,
    summary: `Appointment with ${name}${profile?.agencyName ? ` (${profile.agencyName})` : ''}`,
    description: `${name}${phone ? `, ${phone}` : ''}, about ${address}. Requested through Listwise.`,
  };
}

export const inviteAttachment = async (db: Tx, appointment: AppointmentRequestRow, reader: InviteReader, appUrl: string) =>
  appointmentInviteAttachment(await appointmentInvite(db, appointment, reader, appUrl));

/** What 'Add to calendar' offers: the .ics text and Google Calendar's link. */
export async function calendarLinks(db: Tx, appointment: AppointmentRequestRow, reader: InviteReader, appUrl: string) {
  const invite = await appointmentInvite(db, appointment, reader, appUrl);
  return { ics: appointmentCalendar(invite), googleCalendarUrl: googleCalendarUrl(invite) };
}
