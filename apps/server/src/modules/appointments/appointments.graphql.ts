import type { AppointmentCancelledBy } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { appraisalLoaders } from '../appraisals/appraisal-loaders.ts';
import { PropertyAppraisalRef } from '../appraisals/appraisals.graphql.ts';
import { PropertyRef } from '../listings/listings.graphql.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { calendarLinks } from './appointment-calendar.ts';
import * as appointments from './appointments.service.ts';
import type { AppointmentRequestRow } from '../../db/schema/appraisals.ts';

/**
 * Appointment requests: the seller's request to an appraising agent and the agent's list (spec 000 §7, spec 001 §7);
 * the seller's note, change and cancellation. An AppointmentRequest is resolved only for its agent
 * (myAppointmentRequests) and its seller (PropertyAppraisal.appointmentRequest, the seller's mutations).
 */

const AppointmentCancelledByEnum = builder.enumType('AppointmentCancelledBy', {
  description: 'Why an appointment request was cancelled.',
  values: describedValues<AppointmentCancelledBy>({
    SELLER: 'The seller cancelled it.',
    PROPERTY_COMPLETED: 'The property sold through another agent or was withdrawn.',
  }),
});

export const AppointmentRequestRef = builder.objectRef<AppointmentRequestRow>('AppointmentRequest');
AppointmentRequestRef.implement({
  description: "A seller's request to meet the agent who appraised their property; only that seller and that agent read it.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The appointment request id.' }),
    requestedAppointmentDate: t.string({
      description: "YYYY-MM-DD, in the property's time zone.",
      resolve: (r) => r.requestedAppointmentDate,
    }),
    requestedAppointmentTime: t.string({
      description: "HH:mm:ss, in the property's time zone.",
      resolve: (r) => r.requestedAppointmentTime,
    }),
    requestedBySellerAt: t.field({ type: 'DateTime', description: 'When the seller asked.', resolve: (r) => r.requestedBySellerAt }),
    seenByAgent: t.boolean({
      description: "Whether the agent has marked it seen (drops the 'New' badge).",
      resolve: (r) => !!r.seenByAgentAt,
    }),
    note: t.string({
      nullable: true,
      description: "The seller's short note to the agent: one line of plain text.",
      resolve: (r) => r.note,
    }),
    changedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the seller last changed the date, time or note.',
      resolve: (r) => r.changedAt,
    }),
    cancelledAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was cancelled; null while open.',
      resolve: (r) => r.cancelledAt,
    }),
    cancelledBy: t.field({
      type: AppointmentCancelledByEnum,
      nullable: true,
      description: 'Why it was cancelled; null while open.',
      resolve: (r) => r.cancelledBy,
    }),
    property: t.field({
      type: PropertyRef,
      description: 'The property to meet at.',
      resolve: async (r, _a, ctx) => (await appraisalLoaders(ctx).propertyById.load(r.propertyId))!,
    }),
    sellerName: t.string({
      nullable: true,
      description: "The seller's name, for the agent to contact them; null when not given.",
      resolve: async (r, _a, ctx) => (await ctx.loaders.sellerProfileByUserId.load(r.sellerUserId))?.name ?? null,
    }),
    sellerEmail: t.string({
      nullable: true,
      description: "The seller's e-mail; null when none.",
      resolve: async (r, _a, ctx) => (await appraisalLoaders(ctx).userById.load(r.sellerUserId))?.email ?? null,
    }),
    sellerMobileNumber: t.string({
      nullable: true,
      description: "The seller's mobile number; null when none.",
      resolve: async (r, _a, ctx) => (await appraisalLoaders(ctx).userById.load(r.sellerUserId))?.mobileNumber ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  myAppointmentRequests: t.connection({
    type: AppointmentRequestRef,
    authScopes: { agent: true },
    description: "The signed-in agent's appointment requests, newest first, cancelled ones included.",
    resolve: (_r, args, ctx) => appointments.listAgentAppointmentRequests(ctx.deps.db, currentUser(ctx).id, args),
  }),
  unreadAppointmentRequestsCount: t.int({
    authScopes: { agent: true },
    description: "The badge of 'Appointment Requests' in the agent menu: open requests the agent has not marked seen.",
    resolve: (_r, _a, ctx) => appointments.countUnreadAppointmentRequests(ctx.deps.db, currentUser(ctx).id),
  }),
}));

builder.mutationFields((t) => ({
  requestAppointmentForAgentFromPropertyAppraisal: t.field({
    type: PropertyAppraisalRef,
    authScopes: { seller: true },
    description:
      'The seller asks the appraising agent to meet; the agent and the seller are e-mailed the invite. Returns the appraisal, whose appointmentRequestedBySeller is then true. appointment_already_requested_with_this_agent while one is open (after a cancellation the seller may ask again); validation_failed for a date or time outside the rules.',
    args: {
      propertyAppraisalId: t.arg.id({ required: true, description: "A submitted appraisal of the seller's property." }),
      appointmentDate: t.arg.string({ description: 'YYYY-MM-DD: today or later where the property is, not a Sunday.' }),
      appointmentTime: t.arg.string({ description: 'HH:mm:ss on the half hour, from 08:00:00 to 18:00:00 where the property is.' }),
      note: t.arg.string({ description: 'Optional short note to the agent: one line, plain text, at most 300 characters.' }),
    },
    resolve: (_r, args, ctx) =>
      appointments.requestAppointment(ctx.deps, currentUser(ctx), {
        propertyAppraisalId: String(args.propertyAppraisalId),
        appointmentDate: args.appointmentDate as string,
        appointmentTime: args.appointmentTime as string,
        note: args.note,
      }),
  }),
  changeAppointmentRequest: t.field({
    type: AppointmentRequestRef,
    authScopes: { seller: true },
    description:
      "The seller moves their appointment request (the same rules as asking) and may change the note; the agent and both calendars are told (REQUEST, one more SEQUENCE). Errors: not_found (not the seller's), appointment_request_cancelled, appointment_request_passed, validation_failed.",
    args: {
      id: t.arg.id({ required: true, description: 'The appointment request id.' }),
      appointmentDate: t.arg.string({ description: 'The new date, YYYY-MM-DD (as when asking).' }),
      appointmentTime: t.arg.string({ description: 'The new time, HH:mm:ss (as when asking).' }),
      note: t.arg.string({ description: 'The note, one line, at most 300 characters.' }),
    },
    resolve: (_r, args, ctx) =>
      appointments.changeAppointmentRequest(ctx.deps, currentUser(ctx), {
        id: String(args.id),
        appointmentDate: args.appointmentDate as string,
        appointmentTime: args.appointmentTime as string,
        note: args.note,
      }),
  }),
  cancelAppointmentRequest: t.field({
    type: AppointmentRequestRef,
    authScopes: { seller: true },
    description:
      "The seller cancels their appointment request; the agent and both calendars are told (CANCEL, one more SEQUENCE). Errors: not_found (not the seller's), appointment_request_cancelled, appointment_request_passed.",
    args: { id: t.arg.id({ required: true, description: 'The appointment request id.' }) },
    resolve: (_r, args, ctx) => appointments.cancelAppointmentRequest(ctx.deps, currentUser(ctx), String(args.id)),
  }),
  appointmentRequestSeenByAgent: t.field({
    type: AppointmentRequestRef,
    authScopes: { agent: true },
    description: "The agent contacted the seller: the 'New' badge goes. not_found for anyone else's request.",
    args: { id: t.arg.id({ required: true, description: 'The appointment request id.' }) },
    resolve: (_r, args, ctx) => appointments.markAppointmentRequestSeen(ctx.deps, currentUser(ctx), String(args.id)),
  }),
}));

// ——— 'Add to calendar' ———

const AppointmentCalendarRef = builder
  .objectRef<{ ics: string; googleCalendarUrl: string; startsAt: Date }>('AppointmentCalendar')
  .implement({
    description: 'The appointment for a calendar: an iCalendar file to download, and a Google Calendar link.',
    fields: (t) => ({
      ics: t.exposeString('ics', {
        description:
          'text/calendar (RFC 5545), METHOD:PUBLISH (the e-mailed invites are REQUEST and CANCEL), a stable UID per appointment.',
      }),
      googleCalendarUrl: t.exposeString('googleCalendarUrl', { description: 'A link that opens the event in Google Calendar.' }),
      startsAt: t.field({ type: 'DateTime', description: 'When the appointment starts.', resolve: (c) => c.startsAt }),
    }),
  });

// The reader's own copy: the agent's names the seller and the place, the seller's names the agent.
builder.objectField(AppointmentRequestRef, 'calendar', (t) =>
  t.field({
    type: AppointmentCalendarRef,
    description: "The reader's own calendar copy: the agent's names the seller and the place, the seller's names the agent.",
    resolve: (r, _a, ctx: GraphQLContext) =>
      calendarLinks(ctx.deps.db, r, ctx.user?.id === r.sellerUserId ? 'SELLER' : 'AGENT', ctx.deps.config),
  }),
);

// The appraisal is resolved for its seller and its agent only; the appointment only for those two of it.
builder.objectField(PropertyAppraisalRef, 'appointmentRequest', (t) =>
  t.field({
    type: AppointmentRequestRef,
    nullable: true,
    description: 'The latest appointment the seller requested from this appraisal, open or cancelled (null before one).',
    resolve: async (a, _a, ctx) => {
      if (!ctx.user) return null;
      const appointment = await appointments.findLatestAppointmentOfAppraisal(ctx.deps.db, a.id);
      if (!appointment || (ctx.user.id !== appointment.sellerUserId && ctx.user.id !== appointment.agentUserId)) return null;
      return appointment;
    },
  }),
);
