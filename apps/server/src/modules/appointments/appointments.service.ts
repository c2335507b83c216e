import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { appointmentRequestSchema } from '@listwise/domain/appraisal-validation';
import { formatAppointmentDate, formatAppointmentTime } from '@listwise/domain/format';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { appointmentRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeTimeCursor, pageSize, toConnection, type Connection } from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { AppointmentRequestConfirmationEmail, AppointmentRequestedEmail } from '../notifications/templates/appraisal-emails.tsx';
import { toNationalPhone } from '@listwise/domain/phone';
import { inviteAttachment } from './appointment-calendar.ts';
import type { AppraisalRow } from '../appraisals/appraisals.service.ts';
import { describePropertyAddress } from '../appraisals/property-address.ts';

/**
 * Appointment requests (spec 001 'request-appointment', spec 000 'Agent appointment requests'): a seller asks
 * the agent of a submitted appraisal for a meeting, once per appraisal; the agent lists them, newest first,
 * and marks them read when they e-mail or call.
 */
export type AppointmentRequestRow = typeof appointmentRequests.$inferSelect;

/**
 * 'Today' for the not-in-the-past rule: the date in Australia's westernmost zone, the last to change date,
 * so no Australian seller is refused a day their own calendar still offers.
 */
export const appointmentToday = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * requestAppointmentForAgentFromPropertyAppraisal: the seller of the property picks a date (today or later,
 * not a Sunday) and a half-hour slot between 8:00am and 6:00pm; the agent is e-mailed. A second request for
 * the same appraisal answers `appointment_already_requested_with_this_agent`. Returns the appraisal.
 */
export async function requestAppointment(
  deps: Deps,
  seller: UserRow,
  input: { propertyAppraisalId: string; appointmentDate: string; appointmentTime: string },
): Promise<AppraisalRow> {
  if (!isUuid(input.propertyAppraisalId)) throw new AppError('not_found');
  const { appointmentDate, appointmentTime } = parseInput(appointmentRequestSchema(appointmentToday(deps.clock.now())), input);
  return deps.db
    .transaction(async (tx) => {
      const [found] = await tx
        .select({ appraisal: propertyAppraisals, property: properties })
        .from(propertyAppraisals)
        .innerJoin(properties, eq(properties.id, propertyAppraisals.propertyId))
        .where(
          and(
            eq(propertyAppraisals.id, input.propertyAppraisalId),
            eq(propertyAppraisals.state, 'SUBMITTED'),
            eq(properties.sellerUserId, seller.id),
          ),
        );
      if (!found) throw new AppError('not_found');
      const { appraisal, property } = found;
      const [existing] = await tx
        .select({ id: appointmentRequests.id })
        .from(appointmentRequests)
        .where(eq(appointmentRequests.propertyAppraisalId, appraisal.id));
      if (existing) throw new AppError('appointment_already_requested_with_this_agent');

      const [appointment] = await tx
        .insert(appointmentRequests)
        .values({
          propertyAppraisalId: appraisal.id,
          propertyId: property.id,
          agentUserId: appraisal.agentUserId,
          sellerUserId: seller.id,
          requestedAppointmentDate: appointmentDate,
          requestedAppointmentTime: appointmentTime,
          requestedBySellerAt: deps.clock.now(),
        })
        .returning();

      const when = `${formatAppointmentDate(`${appointmentDate}T00:00:00`)} at ${formatAppointmentTime(appointmentTime)}`;
      const address = await describePropertyAddress(tx, property, { withStreet: true });
      const agent = await tx.query.users.findFirst({ where: eq(users.id, appraisal.agentUserId) });
      if (agent?.email) {
        const profile = await tx.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.id) });
        await queueEmail(deps, tx, {
          to: agent.email,
          subject: 'A seller has requested an appointment',
          template: 'appointment-requested',
          body: AppointmentRequestedEmail({
            sellerName: profile?.name ?? 'A seller',
            address,
            when,
            link: `${deps.config.appUrl}/agent/appointment-requests`,
          }),
          attachments: [await inviteAttachment(tx, appointment!, 'AGENT', deps.config.appUrl)],
        });
      }
      // The seller's confirmation, with the same appointment in their calendar.
      if (seller.email) {
        const agentProfile = await tx.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, appraisal.agentUserId) });
        await queueEmail(deps, tx, {
          to: seller.email,
          subject: 'Your appointment request has been sent',
          template: 'appointment-request-confirmation',
          body: AppointmentRequestConfirmationEmail({
            agentName: agentProfile?.name ?? 'The agent',
            agentPhone: agent?.mobileNumber ? toNationalPhone(agent.mobileNumber) : null,
            address,
            when,
            link: `${deps.config.appUrl}/property/${property.id}/appraisal/${appraisal.id}`,
          }),
          attachments: [await inviteAttachment(tx, appointment!, 'SELLER', deps.config.appUrl)],
        });
      }
      return appraisal;
    })
    .catch((error: unknown) => {
      // Two requests racing for one appraisal: the unique index decides and the loser gets the catalogue code.
      const cause = (error as { cause?: { code?: string } })?.cause ?? error;
      if ((cause as { code?: string })?.code === '23505') throw new AppError('appointment_already_requested_with_this_agent');
      throw error;
    });
}

/** myAppointmentRequests: the agent's appointment requests, newest first, keyset-paged on (agent, requested_by_seller_at desc, id desc). */
export async function listAgentAppointmentRequests(
  db: Tx,
  agentUserId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Connection<AppointmentRequestRow>> {
  const first = pageSize(args.first);
  const cursor = decodeTimeCursor(args.after);
  const t = appointmentRequests;
  const conditions: SQL[] = [eq(t.agentUserId, agentUserId)];
  if (cursor) {
    const at = new Date(cursor.sortKey);
    conditions.push(sql`(${t.requestedBySellerAt}, ${t.id}) < (${at}, ${cursor.id})`);
  }
  const rows = await db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(sql`${t.requestedBySellerAt} desc nulls last`, sql`${t.id} desc nulls last`)
    .limit(first + 1);
  return toConnection(rows, first, (row) => ({ sortKey: row.requestedBySellerAt.toISOString(), id: row.id }));
}

/** unreadAppointmentRequestsCount: the badge of 'Appointment Requests' in the agent menu. */
export async function countUnreadAppointmentRequests(db: Tx, agentUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.agentUserId, agentUserId), isNull(appointmentRequests.seenByAgentAt)));
  return row?.n ?? 0;
}

/** appointmentRequestSeenByAgent: the agent e-mailed or called the seller; the 'New' badge goes. */
export async function markAppointmentRequestSeen(deps: Deps, agent: UserRow, id: string): Promise<AppointmentRequestRow> {
  if (!isUuid(id)) throw new AppError('not_found');
  const t = appointmentRequests;
  const [request] = await deps.db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.agentUserId, agent.id)));
  if (!request) throw new AppError('not_found');
  if (request.seenByAgentAt) return request;
  const [updated] = await deps.db
    .update(t)
    .set({ seenByAgentAt: deps.clock.now() })
    .where(and(eq(t.id, id), isNull(t.seenByAgentAt)))
    .returning();
  return updated ?? request;
}

/** The appointment requested from an appraisal, if any (one per appraisal). */
export async function findAppointmentOfAppraisal(db: Tx, propertyAppraisalId: string): Promise<AppointmentRequestRow | undefined> {
  return db.query.appointmentRequests.findFirst({ where: eq(appointmentRequests.propertyAppraisalId, propertyAppraisalId) });
}
