import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { appointmentRequestSchema } from '@listwise/domain/appraisal-validation';
import { appointmentStartsAt, appointmentTodayIn } from '@listwise/domain/appointment-time';
import { toNationalPhone } from '@listwise/domain/phone';
import type { Tx } from '../../db/client.ts';
import { appointmentRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { afterCursor, keyedConnection, keyOf, newestFirst, pageSize, timeCursor, type Connection } from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import type { PropertyCompletedListener } from '../listings/property-completed.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';
import {
  AppointmentCancelConfirmationEmail,
  AppointmentCancelledEmail,
  AppointmentChangeConfirmationEmail,
  AppointmentChangedEmail,
  AppointmentRequestConfirmationEmail,
  AppointmentRequestedEmail,
  type AppointmentCancelReason,
} from '../notifications/templates/appointment-emails.tsx';
import type { AppraisalRow, AppointmentCancelledBy, AppointmentRequestRow } from '../../db/schema/appraisals.ts';
import { describeAppointment, inviteAttachment } from './appointment-calendar.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Appointment requests (spec 001 'request-appointment', spec 000 'Agent appointment requests'):
 * a seller asks the agent of a submitted appraisal for a meeting, with an optional short note; one open request
 * per appraisal. The seller may change it (date, time, note) or cancel it until its time has passed; a property
 * that completes cancels the open requests with every agent but the one it sold through. Each step e-mails the
 * agent and the seller an invite (REQUEST, or CANCEL) with one more SEQUENCE. Dates and times are the wall clock
 * where the property is. The agent lists them, newest first, and marks them read when they e-mail or call.
 */

/** The state of the property's suburb: its zone is the appointment's. */
async function stateOfProperty(db: Tx, propertyId: string): Promise<string | null> {
  const [row] = await db
    .select({ state: suburbs.state })
    .from(properties)
    .leftJoin(suburbs, eq(suburbs.id, properties.suburbId))
    .where(eq(properties.id, propertyId));
  return row?.state ?? null;
}

const appraisalLink = (deps: Deps, a: AppointmentRequestRow) =>
  `${deps.config.appUrl}/property/${a.propertyId}/appraisal/${a.propertyAppraisalId}`;
const agentListLink = (deps: Deps) => `${deps.config.appUrl}/agent/appointment-requests`;

/** The agent's e-mail and the seller's, each with their copy of the invite (REQUEST when asked or changed). */
async function emailRequest(deps: Deps, tx: Tx, appointment: AppointmentRequestRow, previous: AppointmentRequestRow | null) {
  const described = await describeAppointment(tx, appointment);
  const sellerName = described.seller.name ?? 'A seller';
  const agentName = described.agent.name ?? 'The agent';
  const { property } = described;
  await tellAboutProperty(deps, tx, { userId: appointment.agentUserId, property }, async ({ address }) => ({
    subject: previous ? 'A seller has changed their appointment request' : 'A seller has requested an appointment',
    template: previous ? 'appointment-changed' : 'appointment-requested',
    push: {
      kind: previous ? 'APPOINTMENT_CHANGED' : 'APPOINTMENT_REQUESTED',
      content: {
        title: previous ? 'Appointment changed' : 'Appointment requested',
        body: `${sellerName}: ${described.when}`,
        url: `/agent/appointment-requests#appointment-${appointment.id}`,
      },
    },
    body: previous
      ? AppointmentChangedEmail({
          sellerName,
          address,
          when: described.when,
          previousWhen: (await describeAppointment(tx, previous)).when,
          note: appointment.note,
          link: agentListLink(deps),
        })
      : AppointmentRequestedEmail({
          sellerName,
          sellerPhone: described.seller.mobile ? toNationalPhone(described.seller.mobile) : null,
          sellerEmail: described.seller.email,
          address,
          when: described.when,
          note: appointment.note,
          link: agentListLink(deps),
        }),
    attachments: [inviteAttachment(appointment, described, 'AGENT', deps.config, 'REQUEST')],
  }));
  await tellAboutProperty(deps, tx, { userId: appointment.sellerUserId, property }, ({ address }) => ({
    subject: previous ? 'Your appointment request has been changed' : 'Your appointment request has been sent',
    template: previous ? 'appointment-change-confirmation' : 'appointment-request-confirmation',
    push: {
      kind: previous ? 'APPOINTMENT_CHANGE_CONFIRMED' : 'APPOINTMENT_CONFIRMED',
      content: {
        title: previous ? 'Appointment changed' : 'Appointment request sent',
        body: `${agentName}: ${described.when}`,
        url: `/property/${appointment.propertyId}/appraisal/${appointment.propertyAppraisalId}`,
      },
    },
    body: previous
      ? AppointmentChangeConfirmationEmail({ agentName, address, when: described.when, link: appraisalLink(deps, appointment) })
      : AppointmentRequestConfirmationEmail({
          agentName,
          agentPhone: described.agent.mobile ? toNationalPhone(described.agent.mobile) : null,
          address,
          when: described.when,
          link: appraisalLink(deps, appointment),
        }),
    attachments: [inviteAttachment(appointment, described, 'SELLER', deps.config, 'REQUEST')],
  }));
}

/** Both e-mails of a cancellation, each with METHOD:CANCEL so both calendars drop the event. */
async function emailCancellation(deps: Deps, tx: Tx, appointment: AppointmentRequestRow, reason: AppointmentCancelReason) {
  const described = await describeAppointment(tx, appointment);
  const { property } = described;
  await tellAboutProperty(deps, tx, { userId: appointment.agentUserId, property }, ({ address }) => ({
    subject: 'An appointment request has been cancelled',
    template: 'appointment-cancelled',
    push: {
      kind: 'APPOINTMENT_CANCELLED',
      content: {
        title: 'Appointment cancelled',
        body: `${described.seller.name ?? 'The seller'}: ${described.when}`,
        url: `/agent/appointment-requests#appointment-${appointment.id}`,
      },
    },
    body: AppointmentCancelledEmail({
      sellerName: described.seller.name ?? 'The seller',
      address,
      when: described.when,
      reason,
      link: agentListLink(deps),
    }),
    attachments: [inviteAttachment(appointment, described, 'AGENT', deps.config, 'CANCEL')],
  }));
  await tellAboutProperty(deps, tx, { userId: appointment.sellerUserId, property }, ({ address }) => ({
    subject: 'Your appointment request has been cancelled',
    template: 'appointment-cancel-confirmation',
    body: AppointmentCancelConfirmationEmail({
      agentName: described.agent.name ?? 'the agent',
      address,
      when: described.when,
      byListwise: reason !== 'SELLER',
      link: appraisalLink(deps, appointment),
    }),
    attachments: [inviteAttachment(appointment, described, 'SELLER', deps.config, 'CANCEL')],
  }));
}

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
};

export async function requestAppointment(
  deps: Deps,
  seller: UserRow,
  input: { propertyAppraisalId: string; appointmentDate: string; appointmentTime: string; note?: string | null },
): Promise<AppraisalRow> {
  if (!isUuid(input.propertyAppraisalId)) throw new AppError('not_found');
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
      const today = appointmentTodayIn(deps.clock.now(), await stateOfProperty(tx, property.id));
      const { appointmentDate, appointmentTime, note } = parseInput(appointmentRequestSchema(today), input);
      if (await findAppointmentOfAppraisal(tx, appraisal.id)) throw new AppError('appointment_already_requested_with_this_agent');

      const appointment = await tx
        .insert(appointmentRequests)
        .values({
          propertyAppraisalId: appraisal.id,
          propertyId: property.id,
          agentUserId: appraisal.agentUserId,
          sellerUserId: seller.id,
          requestedAppointmentDate: appointmentDate,
          requestedAppointmentTime: appointmentTime,
          requestedBySellerAt: deps.clock.now(),
          note,
        })
        .returning()
        .then(theRow);
      await emailRequest(deps, tx, appointment, null);
      return appraisal;
    })
    .catch((error: unknown) => {
      // Two requests racing for one appraisal: the unique index decides and the loser gets the catalogue code.
      if (isUniqueViolation(error)) throw new AppError('appointment_already_requested_with_this_agent');
      throw error;
    });
}

/**
 * The seller's own appointment request, locked, that can still be changed or cancelled: `not_found` for another's,
 * `appointment_request_cancelled` once cancelled, `appointment_request_passed` once its time has come.
 */
async function findChangeableAppointment(deps: Deps, tx: Tx, seller: UserRow, id: string) {
  if (!isUuid(id)) throw new AppError('not_found');
  const [appointment] = await tx
    .select()
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.id, id), eq(appointmentRequests.sellerUserId, seller.id)))
    .for('update');
  if (!appointment) throw new AppError('not_found');
  if (appointment.cancelledAt) throw new AppError('appointment_request_cancelled');
  const state = await stateOfProperty(tx, appointment.propertyId);
  const startsAt = appointmentStartsAt({ date: appointment.requestedAppointmentDate, time: appointment.requestedAppointmentTime }, state);
  if (startsAt.getTime() <= deps.clock.now().getTime()) throw new AppError('appointment_request_passed');
  return { appointment, state };
}

/** One more SEQUENCE is what moves the event in a calendar that holds it; nothing changed sends nothing. */
export async function changeAppointmentRequest(
  deps: Deps,
  seller: UserRow,
  input: { id: string; appointmentDate: string; appointmentTime: string; note?: string | null },
): Promise<AppointmentRequestRow> {
  return deps.db.transaction(async (tx) => {
    const { appointment, state } = await findChangeableAppointment(deps, tx, seller, input.id);
    const today = appointmentTodayIn(deps.clock.now(), state);
    const { appointmentDate, appointmentTime, note } = parseInput(appointmentRequestSchema(today), input);
    const isSame =
      appointmentDate === appointment.requestedAppointmentDate &&
      appointmentTime === appointment.requestedAppointmentTime &&
      note === appointment.note;
    if (isSame) return appointment;
    const changed = await tx
      .update(appointmentRequests)
      .set({
        requestedAppointmentDate: appointmentDate,
        requestedAppointmentTime: appointmentTime,
        note,
        sequence: appointment.sequence + 1,
        changedAt: deps.clock.now(),
        seenByAgentAt: null,
      })
      .where(eq(appointmentRequests.id, appointment.id))
      .returning()
      .then(theRow);
    await emailRequest(deps, tx, changed, appointment);
    return changed;
  });
}

async function markCancelled(deps: Deps, tx: Tx, appointment: AppointmentRequestRow, by: AppointmentCancelledBy) {
  const [cancelled] = await tx
    .update(appointmentRequests)
    .set({ cancelledAt: deps.clock.now(), cancelledBy: by, sequence: appointment.sequence + 1 })
    .where(and(eq(appointmentRequests.id, appointment.id), isNull(appointmentRequests.cancelledAt)))
    .returning();
  return cancelled;
}

export async function cancelAppointmentRequest(deps: Deps, seller: UserRow, id: string): Promise<AppointmentRequestRow> {
  return deps.db.transaction(async (tx) => {
    const { appointment } = await findChangeableAppointment(deps, tx, seller, id);
    const cancelled = (await markCancelled(deps, tx, appointment, 'SELLER'))!;
    await emailCancellation(deps, tx, cancelled, 'SELLER');
    return cancelled;
  });
}

/**
 * A property completed: its open appointment requests whose time is still to come are cancelled, except with the
 * agent it sold through, and their agents and the seller are told (CANCEL invites). Past ones stay as they were.
 */
export const cancelAppointmentsOfCompletedProperty: PropertyCompletedListener = async (deps, tx, { property, sellingAgentUserId }) => {
  const open = await tx
    .select()
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.propertyId, property.id), isNull(appointmentRequests.cancelledAt)))
    .for('update');
  const state = await stateOfProperty(tx, property.id);
  const now = deps.clock.now().getTime();
  const reason: AppointmentCancelReason = property.completeType === 'SOLD_UNCONDITIONALLY' ? 'SOLD' : 'NOT_SELLING';
  for (const appointment of open) {
    if (appointment.agentUserId === sellingAgentUserId) continue;
    const startsAt = appointmentStartsAt({ date: appointment.requestedAppointmentDate, time: appointment.requestedAppointmentTime }, state);
    if (startsAt.getTime() <= now) continue;
    const cancelled = await markCancelled(deps, tx, appointment, 'PROPERTY_COMPLETED');
    if (cancelled) await emailCancellation(deps, tx, cancelled, reason);
  }
};

/** Keyset-paged on (agent, requested_by_seller_at desc, id desc), so a deep page costs what the first does. */
export async function listAgentAppointmentRequests(
  db: Tx,
  agentUserId: string,
  args: { first?: number | null; after?: string | null },
): Promise<Connection<AppointmentRequestRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const t = appointmentRequests;
  const rows = await db
    .select({ row: t, key: keyOf(t.requestedBySellerAt) })
    .from(t)
    .where(and(eq(t.agentUserId, agentUserId), afterCursor(t.requestedBySellerAt, t.id, cursor)))
    .orderBy(...newestFirst(t.requestedBySellerAt, t.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

export async function countUnreadAppointmentRequests(db: Tx, agentUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointmentRequests)
    .where(
      and(
        eq(appointmentRequests.agentUserId, agentUserId),
        isNull(appointmentRequests.seenByAgentAt),
        isNull(appointmentRequests.cancelledAt),
      ),
    );
  return row?.n ?? 0;
}

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

/** The open (not cancelled) appointment requested from an appraisal, if any (at most one). */
export async function findAppointmentOfAppraisal(db: Tx, propertyAppraisalId: string): Promise<AppointmentRequestRow | undefined> {
  return db.query.appointmentRequests.findFirst({
    where: and(eq(appointmentRequests.propertyAppraisalId, propertyAppraisalId), isNull(appointmentRequests.cancelledAt)),
  });
}

/** The latest appointment requested from an appraisal, open or cancelled (what the seller's appraisal page shows). */
export async function findLatestAppointmentOfAppraisal(db: Tx, propertyAppraisalId: string): Promise<AppointmentRequestRow | undefined> {
  return db.query.appointmentRequests.findFirst({
    where: eq(appointmentRequests.propertyAppraisalId, propertyAppraisalId),
    orderBy: [desc(appointmentRequests.requestedBySellerAt), desc(appointmentRequests.id)],
  });
}
