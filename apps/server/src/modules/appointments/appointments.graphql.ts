import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { appraisalLoaders } from '../appraisals/appraisal-loaders.ts';
import { PropertyAppraisalRef } from '../appraisals/appraisals.graphql.ts';
import { PropertyRef } from '../listings/listings.graphql.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { appointmentInvite, calendarLinks, type InviteReader } from './appointment-calendar.ts';
import * as appointments from './appointments.service.ts';
import { appointmentStartsAt } from './calendar-invite.ts';
import type { AppointmentRequestRow } from './appointments.service.ts';

/** Appointment requests: the seller's request to an appraising agent and the agent's list (spec 000 §7, spec 001 §7). */

export const AppointmentRequestRef = builder.objectRef<AppointmentRequestRow>('AppointmentRequest');
AppointmentRequestRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    requestedAppointmentDate: t.string({ description: 'YYYY-MM-DD', resolve: (r) => r.requestedAppointmentDate }),
    requestedAppointmentTime: t.string({ description: 'HH:mm:ss', resolve: (r) => r.requestedAppointmentTime }),
    requestedBySellerAt: t.field({ type: 'DateTime', resolve: (r) => r.requestedBySellerAt }),
    seenByAgent: t.boolean({ resolve: (r) => !!r.seenByAgentAt }),
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
    },
    resolve: (_r, args, ctx) =>
      appointments.requestAppointment(ctx.deps, currentUser(ctx), {
        propertyAppraisalId: String(args.propertyAppraisalId),
        appointmentDate: args.appointmentDate as string,
        appointmentTime: args.appointmentTime as string,
      }),
  }),
  appointmentRequestSeenByAgent: t.field({
    type: AppointmentRequestRef,
    authScopes: { agent: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => appointments.markAppointmentRequestSeen(ctx.deps, currentUser(ctx), String(args.id)),
  }),
}));

// ——— 'Add to calendar' (issue 12) ———

const AppointmentCalendarRef = builder
  .objectRef<{ ics: string; googleCalendarUrl: string; startsAt: Date }>('AppointmentCalendar')
  .implement({
    description: 'The appointment for a calendar: the same iCalendar invite the e-mail carried, and a Google Calendar link.',
    fields: (t) => ({
      ics: t.exposeString('ics', { description: 'text/calendar (RFC 5545), METHOD:REQUEST, a stable UID per appointment.' }),
      googleCalendarUrl: t.exposeString('googleCalendarUrl'),
      startsAt: t.field({ type: 'DateTime', resolve: (c) => c.startsAt }),
    }),
  });

const calendarFor = async (ctx: GraphQLContext, appointment: AppointmentRequestRow, reader: InviteReader) => {
  const links = await calendarLinks(ctx.deps.db, appointment, reader, ctx.deps.config.appUrl);
  const invite = await appointmentInvite(ctx.deps.db, appointment, reader, ctx.deps.config.appUrl);
  return { ...links, startsAt: appointmentStartsAt(invite) };
};

// An AppointmentRequest is only ever resolved for its agent (myAppointmentRequests).
builder.objectField(AppointmentRequestRef, 'calendar', (t) =>
  t.field({ type: AppointmentCalendarRef, resolve: (r, _a, ctx) => calendarFor(ctx, r, 'AGENT') }),
);

// The appraisal is resolved for its seller and its agent only; each gets their own copy of the invite.
builder.objectField(PropertyAppraisalRef, 'appointmentCalendar', (t) =>
  t.field({
    type: AppointmentCalendarRef,
    nullable: true,
    description: "The appointment the seller requested from this appraisal, for the reader's calendar (null before one).",
    resolve: async (a, _a, ctx) => {
      const appointment = await appointments.findAppointmentOfAppraisal(ctx.deps.db, a.id);
      if (!appointment || !ctx.user) return null;
      if (ctx.user.id === appointment.sellerUserId) return calendarFor(ctx, appointment, 'SELLER');
      if (ctx.user.id === appointment.agentUserId) return calendarFor(ctx, appointment, 'AGENT');
      return null;
    },
  }),
);
