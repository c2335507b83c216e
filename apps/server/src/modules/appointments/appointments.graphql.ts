import { AppointmentCancelledBy, valuesOf } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
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
  description: 'SELLER: the seller cancelled. PROPERTY_COMPLETED: the property sold through another agent or was withdrawn.',
  values: valuesOf(AppointmentCancelledBy),
});

export const AppointmentRequestRef = builder.objectRef<AppointmentRequestRow>('AppointmentRequest');
AppointmentRequestRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    requestedAppointmentDate: t.string({ description: 'YYYY-MM-DD', resolve: (r) => r.requestedAppointmentDate }),
    requestedAppointmentTime: t.string({ description: 'HH:mm:ss', resolve: (r) => r.requestedAppointmentTime }),
    requestedBySellerAt: t.field({ type: 'DateTime', resolve: (r) => r.requestedBySellerAt }),
    seenByAgent: t.boolean({ resolve: (r) => !!r.seenByAgentAt }),
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
    cancelledAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.cancelledAt }),
    cancelledBy: t.field({ type: AppointmentCancelledByEnum, nullable: true, resolve: (r) => r.cancelledBy }),
    property: t.field({
      type: PropertyRef,
      resolve: async (r, _a, ctx) => (await appraisalLoaders(ctx).propertyById.load(r.propertyId))!,
    }),
    sellerName: t.string({
      nullable: true,
      resolve: async (r, _a, ctx) => (await ctx.loaders.sellerProfileByUserId.load(r.sellerUserId))?.name ?? null,
    }),
    sellerEmail: t.string({
      nullable: true,
      resolve: async (r, _a, ctx) => (await appraisalLoaders(ctx).userById.load(r.sellerUserId))?.email ?? null,
    }),
    sellerMobileNumber: t.string({
      nullable: true,
      resolve: async (r, _a, ctx) => (await appraisalLoaders(ctx).userById.load(r.sellerUserId))?.mobileNumber ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  myAppointmentRequests: t.connection({
    type: AppointmentRequestRef,
    authScopes: { agent: true },
    resolve: (_r, args, ctx) => appointments.listAgentAppointmentRequests(ctx.deps.db, currentUser(ctx).id, args),
  }),
  unreadAppointmentRequestsCount: t.int({
    authScopes: { agent: true },
    resolve: (_r, _a, ctx) => appointments.countUnreadAppointmentRequests(ctx.deps.db, currentUser(ctx).id),
  }),
}));

builder.mutationFields((t) => ({
  requestAppointmentForAgentFromPropertyAppraisal: t.field({
    type: PropertyAppraisalRef,
    authScopes: { seller: true },
    description: 'Returns the appraisal, whose appointmentRequestedBySeller is then true.',
    args: {
      propertyAppraisalId: t.arg.id({ required: true }),
      appointmentDate: t.arg.string(),
      appointmentTime: t.arg.string(),
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
      id: t.arg.id({ required: true }),
      appointmentDate: t.arg.string(),
      appointmentTime: t.arg.string(),
      note: t.arg.string(),
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
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => appointments.cancelAppointmentRequest(ctx.deps, currentUser(ctx), String(args.id)),
  }),
  appointmentRequestSeenByAgent: t.field({
    type: AppointmentRequestRef,
    authScopes: { agent: true },
    args: { id: t.arg.id({ required: true }) },
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
      googleCalendarUrl: t.exposeString('googleCalendarUrl'),
      startsAt: t.field({ type: 'DateTime', resolve: (c) => c.startsAt }),
    }),
  });

// The reader's own copy: the agent's names the seller and the place, the seller's names the agent.
builder.objectField(AppointmentRequestRef, 'calendar', (t) =>
  t.field({
    type: AppointmentCalendarRef,
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
