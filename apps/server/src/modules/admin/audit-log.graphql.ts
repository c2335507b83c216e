import { suburbLabel } from '@listwise/domain/address-line';
import { AdminAuditTouchedKind, type AdminAuditAction } from '@listwise/domain/audit-log';
import type { AuditLogRow } from '../../db/schema/admin.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { ADMIN, AdminUserRef, describedValues, mustLoadUser, page } from './admin-common.graphql.ts';
import { adminLoaders } from './admin-loaders.ts';
import { formatPropertyAddress } from './admin.service.ts';
import { auditTouchedRefs, listAuditLog, listOperators } from './audit-log.service.ts';

/** The console's Audit log tab: every operator action, with the listings, people and suburbs it acted on, named. */

const AdminAuditActionEnum = builder.enumType('AdminAuditAction', {
  description: 'Every action an operator can take in the console, as the audit log records it.',
  values: describedValues<AdminAuditAction>({
    APPROVE_SELLER: 'Approved a seller (a decision made per seller before listings were verified one by one).',
    REJECT_SELLER: 'Rejected a seller (a decision made per seller before listings were verified one by one).',
    VERIFY_LISTING: 'Verified a listing waiting for verification.',
    REJECT_LISTING: 'Rejected a listing waiting for verification.',
    SET_SUBSCRIBED_AGENTS_MAX: "Changed a suburb's agent maximum.",
    SET_SUBSCRIPTION_MANUALLY_MANAGED: 'Changed whether only operators manage a subscription.',
    CANCEL_SUBSCRIPTION: "Cancelled an agent's subscription.",
    MARK_CASHBACK_PAID: 'Marked a cashback claim paid.',
    RETRY_LEAD_FEE: 'Charged a declined lead fee again.',
    WAIVE_LEAD_FEE: 'Waived a declined lead fee.',
    SETTLE_DISPUTED_SALE: 'Settled a disputed sale.',
    SETTLE_UNANSWERED_SALE: 'Settled a sale its agent did not answer.',
    RETRY_REFUND: 'Tried a failed refund again.',
    UPDATE_SETTINGS: 'Changed the settings.',
    PAYOUT_PASSWORD_FAILED: 'Entered a wrong password for a payout file.',
    DOWNLOAD_CASHBACK_PAYOUTS: 'Downloaded the payable cashback as a new payout batch.',
    DOWNLOAD_CASHBACK_PAYOUT_BATCH: "Downloaded a payout batch's file again.",
    MARK_PAYOUT_BATCH_PAID: 'Marked a payout batch paid.',
    RETURN_CASHBACK_CLAIM: 'Returned a claim the bank rejected to payable.',
    RESEND_EMAIL: 'Sent a stuck e-mail again.',
    MARK_EMAIL_SENT: 'Marked a stuck e-mail sent.',
    VERIFY_AGENT_LICENCE: "Verified an agent's licence.",
    REJECT_AGENT_LICENCE: "Rejected an agent's licence.",
    SUSPEND_AGENT: 'Suspended an agent.',
    LIFT_AGENT_SUSPENSION: "Lifted an agent's suspension.",
    PUBLISH_AGENT_REVIEW: 'Published a held or reported review.',
    REMOVE_AGENT_REVIEW: 'Removed a review.',
    PUBLISH_REVIEW_REPLY: "Published an agent's held reply to a review.",
    REMOVE_REVIEW_REPLY: "Took an agent's reply to a review down.",
  }),
});

const AdminAuditTouchedKindEnum = builder.enumType('AdminAuditTouchedKind', {
  description: 'What kind of thing an audit-log entry acted on.',
  values: describedValues<AdminAuditTouchedKind>({
    LISTING: 'A listing (property).',
    AGENT: 'An agent.',
    SELLER: 'A seller.',
    SUBURB: 'A suburb.',
  }),
});

interface AuditTouched {
  kind: AdminAuditTouchedKind;
  id: string;
  name: string;
  email: string | null;
}

const AdminAuditTouchedRef = builder.objectRef<AuditTouched>('AdminAuditTouched').implement({
  description: 'A listing, agent, seller or suburb an audit-log entry acted on, named as the console shows it.',
  fields: (t) => ({
    kind: t.field({ type: AdminAuditTouchedKindEnum, description: 'What kind of thing it is.', resolve: (x) => x.kind }),
    id: t.exposeID('id', { description: "The listing's, person's or suburb's id." }),
    name: t.exposeString('name', {
      description: "A listing's address, a person's name (or e-mail, or 'Account closed'), a suburb with its state and postcode.",
    }),
    email: t.exposeString('email', { nullable: true, description: "A person's e-mail, while their account is open." }),
  }),
});

/** Names what an entry touched, through the console's per-request loaders (one query per table for a page). */
async function touchedOf(entry: AuditLogRow, ctx: GraphQLContext): Promise<AuditTouched[]> {
  const loaders = adminLoaders(ctx);
  const refs = auditTouchedRefs(entry);
  const [sales, charges] = await Promise.all([
    Promise.all(refs.saleIds.map((id) => loaders.saleById.load(id))),
    Promise.all(refs.chargeIds.map((id) => loaders.chargeById.load(id))),
  ]);
  const propertyIds = [...new Set([...refs.propertyIds, ...sales.flatMap((s) => (s ? [s.propertyId] : []))])];
  const userIds = [
    ...new Set([
      ...refs.userIds,
      ...sales.flatMap((s) => (s ? [s.sellingAgentUserId, s.sellerUserId] : [])),
      ...charges.flatMap((c) => (c ? [c.userId] : [])),
    ]),
  ];
  const [listings, people] = await Promise.all([
    Promise.all(propertyIds.map((id) => loaders.propertyById.load(id))),
    Promise.all(userIds.map((id) => loaders.userById.load(id))),
  ]);
  const suburbIds = [...new Set(refs.suburbIds)];
  const places = await Promise.all(
    [...suburbIds, ...listings.flatMap((p) => (p?.suburbId != null ? [p.suburbId] : []))].map((id) => loaders.suburbById.load(id)),
  );
  const suburbOf = new Map(places.flatMap((s) => (s ? [[s.id, s] as const] : [])));
  return [
    ...listings.flatMap((p) =>
      p
        ? [
            {
              kind: 'LISTING' as const,
              id: p.id,
              name: formatPropertyAddress(p, p.suburbId == null ? null : suburbOf.get(p.suburbId)),
              email: null,
            },
          ]
        : [],
    ),
    ...people.flatMap((u) =>
      u && u.user.userType !== 'ADMIN'
        ? [
            {
              kind: u.user.userType === 'AGENT' ? ('AGENT' as const) : ('SELLER' as const),
              id: u.user.id,
              // A closed account keeps neither name nor address: say so rather than 'No name'.
              name: u.name || u.user.email || 'Account closed',
              email: u.user.email,
            },
          ]
        : [],
    ),
    ...suburbIds.flatMap((id) => {
      const s = suburbOf.get(id);
      return s ? [{ kind: 'SUBURB' as const, id: String(s.id), name: suburbLabel(s), email: null }] : [];
    }),
  ];
}

const AdminAuditLogEntryRef = builder.objectRef<AuditLogRow>('AdminAuditLogEntry').implement({
  description: 'One operator action, as the audit log recorded it when it happened.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The entry id.' }),
    admin: t.field({
      type: AdminUserRef,
      description: 'The operator who acted.',
      resolve: (e, _a, ctx) => mustLoadUser(ctx, e.adminUserId),
    }),
    action: t.field({ type: AdminAuditActionEnum, description: 'What the operator did.', resolve: (e) => e.action as AdminAuditAction }),
    targetType: t.exposeString('targetType', { description: 'The kind of record acted on (PROPERTY_SALE, SUBURB, EMAIL and so on).' }),
    targetId: t.exposeString('targetId', { description: "The record's id." }),
    details: t.string({
      description: 'What the action changed or used, as a JSON object (before and after values, reasons, amounts).',
      resolve: (e) => JSON.stringify(e.details),
    }),
    touched: t.field({
      type: [AdminAuditTouchedRef],
      description: 'The listings, agents, sellers and suburbs the action acted on, named.',
      resolve: (e, _a, ctx) => touchedOf(e, ctx),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the operator acted.' }),
  }),
});

builder.queryFields((t) => ({
  adminAuditLog: t.connection(
    {
      type: AdminAuditLogEntryRef,
      authScopes: ADMIN,
      description: 'Every operator action, newest first; optionally of one action, one operator, and from/before an instant.',
      args: {
        action: t.arg({ type: AdminAuditActionEnum, description: 'Only entries of this action.' }),
        adminUserId: t.arg.id({ description: 'The operator who acted (adminOperators lists them).' }),
        // Strings parsed by the service (validation_failed naming the argument): DateTime is an output scalar here.
        createdFrom: t.arg.string({ description: 'Entries at or after this instant (ISO 8601, e.g. 2026-11-01T00:00:00+11:00).' }),
        createdBefore: t.arg.string({ description: 'Entries before this instant (ISO 8601).' }),
      },
      resolve: (_r, args, ctx) =>
        listAuditLog(ctx.deps.db, {
          ...page(args),
          action: args.action,
          adminUserId: args.adminUserId == null ? null : String(args.adminUserId),
          createdFrom: args.createdFrom,
          createdBefore: args.createdBefore,
        }),
    },
    { description: 'A page of the audit log.' },
    { description: 'An audit-log entry, with its cursor.' },
  ),
  adminOperators: t.field({
    type: [AdminUserRef],
    authScopes: ADMIN,
    description: 'Every operator, by e-mail: the audit log filters by them.',
    resolve: async (_r, _a, ctx) => (await listOperators(ctx.deps.db)).map((user) => ({ user, name: null })),
  }),
}));
