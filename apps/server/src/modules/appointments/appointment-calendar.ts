import { eq } from 'drizzle-orm';
import { formatAppointmentWhen } from '@listwise/domain/appointment-time';
import { toNationalPhone } from '@listwise/domain/phone';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Config } from '../../config.ts';
import type { AppointmentRequestRow } from '../../db/schema/appraisals.ts';
import { describePropertyAddress } from '../notifications/property-address.ts';
import {
  appointmentCalendar,
  appointmentInviteAttachment,
  googleCalendarUrl,
  inviteStartsAt,
  type AppointmentInvite,
  type InviteMethod,
  type InvitePerson,
} from './calendar-invite.ts';

/**
 * The two readers of an appointment's invite: the agent (the property's address as the place, the seller's
 * contact details and note) and the seller (the agent's name and phone). Both copies share one UID, SEQUENCE,
 * organizer and attendees.
 */
export type InviteReader = 'AGENT' | 'SELLER';

/** The address of MAIL_FROM ('Listwise <no-reply@listwise.com.au>'): the invites' organizer. */
export function organizerOf(config: Pick<Config, 'MAIL_FROM'>): InvitePerson {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(config.MAIL_FROM);
  return match ? { name: match[1] || 'Listwise', email: match[2]! } : { name: 'Listwise', email: config.MAIL_FROM.trim() };
}

/** Everything an appointment's messages say about it: where, when (in the property's zone), who. */
export async function describeAppointment(db: Tx, appointment: AppointmentRequestRow) {
  const property = (await db.query.properties.findFirst({ where: eq(properties.id, appointment.propertyId) }))!;
  const suburb = property.suburbId ? await db.query.suburbs.findFirst({ where: eq(suburbs.id, property.suburbId) }) : undefined;
  const address = await describePropertyAddress(db, property, { withStreet: true });
  const seller = await db.query.users.findFirst({ where: eq(users.id, appointment.sellerUserId) });
  const sellerProfile = await db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, appointment.sellerUserId) });
  const agent = await db.query.users.findFirst({ where: eq(users.id, appointment.agentUserId) });
  const agentProfile = await db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, appointment.agentUserId) });
  const state = suburb?.state ?? null;
  return {
    property,
    state,
    address,
    location: suburb ? `${address} ${suburb.postcode}` : address,
    when: formatAppointmentWhen({ date: appointment.requestedAppointmentDate, time: appointment.requestedAppointmentTime }, state),
    seller: { email: seller?.email ?? null, mobile: seller?.mobileNumber ?? null, name: sellerProfile?.name ?? null },
    agent: {
      email: agent?.email ?? null,
      mobile: agent?.mobileNumber ?? null,
      name: agentProfile?.name ?? null,
      agencyName: agentProfile?.agencyName ?? null,
    },
  };
}

export type AppointmentDescription = Awaited<ReturnType<typeof describeAppointment>>;

/** The version of the appointment an invite describes: when it was asked, last changed, or cancelled. */
const stampOf = (appointment: AppointmentRequestRow): Date =>
  appointment.cancelledAt ?? appointment.changedAt ?? appointment.requestedBySellerAt;

export function appointmentInvite(
  appointment: AppointmentRequestRow,
  described: AppointmentDescription,
  reader: InviteReader,
  config: Pick<Config, 'appUrl' | 'MAIL_FROM'>,
): AppointmentInvite {
  const { address, seller, agent } = described;
  const base = {
    appointmentId: appointment.id,
    date: appointment.requestedAppointmentDate,
    time: appointment.requestedAppointmentTime,
    state: described.state,
    location: described.location,
    appUrl: config.appUrl,
    stamp: stampOf(appointment),
    sequence: appointment.sequence,
    isCancelled: appointment.cancelledAt !== null,
    organizer: organizerOf(config),
    agent: agent.email ? { name: agent.name ?? agent.email, email: agent.email } : null,
    seller: seller.email ? { name: seller.name ?? seller.email, email: seller.email } : null,
  };
  if (reader === 'AGENT') {
    const contact = [seller.name, seller.mobile && toNationalPhone(seller.mobile), seller.email].filter(Boolean).join(', ');
    return {
      ...base,
      summary: `Appraisal appointment: ${address}`,
      description: [
        `Appointment requested through Listwise by ${contact || 'the seller'}.`,
        appointment.note ? `Note from the seller: ${appointment.note}` : null,
        `${config.appUrl}/agent/appointment-requests`,
      ]
        .filter(Boolean)
        .join('\n'),
    };
  }
  const name = agent.name ?? 'your agent';
  const phone = agent.mobile ? toNationalPhone(agent.mobile) : null;
  return {
    ...base,
    summary: `Appointment with ${name}${agent.agencyName ? ` (${agent.agencyName})` : ''}`,
    description: `${name}${phone ? `, ${phone}` : ''}, about ${address}. Requested through Listwise.`,
  };
}

/** The e-mailed invite: REQUEST when asked or changed, CANCEL when cancelled. */
export const inviteAttachment = (
  appointment: AppointmentRequestRow,
  described: AppointmentDescription,
  reader: InviteReader,
  config: Pick<Config, 'appUrl' | 'MAIL_FROM'>,
  method: Exclude<InviteMethod, 'PUBLISH'>,
) => appointmentInviteAttachment(appointmentInvite(appointment, described, reader, config), method);

/** What 'Add to calendar' offers: the .ics file to download (METHOD:PUBLISH) and Google Calendar's link. */
export async function calendarLinks(
  db: Tx,
  appointment: AppointmentRequestRow,
  reader: InviteReader,
  config: Pick<Config, 'appUrl' | 'MAIL_FROM'>,
) {
  const invite = appointmentInvite(appointment, await describeAppointment(db, appointment), reader, config);
  return { ics: appointmentCalendar(invite, 'PUBLISH'), googleCalendarUrl: googleCalendarUrl(invite), startsAt: inviteStartsAt(invite) };
}
