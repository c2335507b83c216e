import { PUSH_KINDS, PUSH_KIND_RULES, formatTimeOfDay, timeOfDaySchema } from '@listwise/domain/push-notifications';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PushDeviceRow } from '../../db/schema/push-notifications.ts';
import {
  addPushDevice,
  findPushDevices,
  findPushPreferences,
  findQuietHours,
  removePushDevice,
  setPushPreference,
  setQuietHours,
  type PushKindPreference,
} from '../notifications/push-devices.service.ts';
import type { QuietHours, PushKind } from '@listwise/domain/push-notifications';
import type { UserRow } from '../../graphql/context.ts';
import { currentUser, UserRef } from './accounts.graphql.ts';

/**
 * Profile Settings → Notifications: `User.pushNotifications` (the signed-in user's own; null for anyone else's)
 * lists the devices switched on, each kind with its switch and the quiet hours; the mutations change only the
 * signed-in user's. The browser subscribes with `vapidPublicKey` and hands the subscription to `addPushDevice`.
 */
export const PushKindEnum = builder.enumType('PushKind', {
  description: 'A kind of push notification; each mirrors an e-mail.',
  // Each value is described by the words the settings show beside its switch.
  values: describedValues(
    Object.fromEntries(PUSH_KINDS.map((kind) => [kind, PUSH_KIND_RULES[kind].description])) as Record<PushKind, string>,
  ),
});

const PushDeviceRef = builder.objectRef<PushDeviceRow>('PushDevice').implement({
  description: 'A browser the user switched notifications on in.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'What `removePushDevice` takes.' }),
    browser: t.exposeString('browser', { description: "What the browser called itself ('Chrome on Android')." }),
    addedAt: t.field({ type: 'DateTime', description: 'When notifications were switched on in it.', resolve: (d) => d.createdAt }),
  }),
});

const PushKindPreferenceRef = builder.objectRef<PushKindPreference>('PushKindPreference').implement({
  description: 'One push kind the user can receive, with its switch.',
  fields: (t) => ({
    kind: t.field({ type: PushKindEnum, description: 'The kind.', resolve: (p) => p.kind }),
    label: t.string({ description: 'Its name in the settings.', resolve: (p) => PUSH_KIND_RULES[p.kind].label }),
    description: t.string({
      description: 'One line on when it comes, for the settings.',
      resolve: (p) => PUSH_KIND_RULES[p.kind].description,
    }),
    enabled: t.exposeBoolean('enabled', { description: 'Whether the user receives it.' }),
    optional: t.exposeBoolean('optional', { description: 'Whether it can be switched off on its own.' }),
    emailCategoryOff: t.exposeBoolean('emailCategoryOff', {
      description: 'Off because its e-mail category is off in the e-mail settings (the push follows it).',
    }),
  }),
});

const QuietHoursRef = builder.objectRef<QuietHours>('QuietHours').implement({
  description: 'When non-urgent pushes wait until morning, in the zone named.',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', { description: 'Whether quiet hours apply at all.' }),
    start: t.string({ description: 'HH:MM, 24-hour.', resolve: (q) => formatTimeOfDay(q.startMinute) }),
    end: t.string({ description: 'HH:MM, 24-hour.', resolve: (q) => formatTimeOfDay(q.endMinute) }),
    timeZone: t.exposeString('timeZone', { description: "The IANA zone the hours are in ('Australia/Sydney')." }),
  }),
});

const PushNotificationsRef = builder.objectRef<UserRow>('PushNotifications').implement({
  description: "A user's push notification settings.",
  fields: (t) => ({
    vapidPublicKey: t.string({
      nullable: true,
      description: 'The application server key browsers subscribe with; null when this server cannot send pushes.',
      resolve: (_u, _a, ctx) => ctx.deps.push.publicKey,
    }),
    devices: t.field({
      type: [PushDeviceRef],
      description: 'The browsers notifications are on in.',
      resolve: (u, _a, ctx) => findPushDevices(ctx.deps.db, u.id),
    }),
    kinds: t.field({
      type: [PushKindPreferenceRef],
      description: "The kinds for the user's role, in the settings' order.",
      resolve: (u, _a, ctx) => findPushPreferences(ctx.deps.db, u),
    }),
    quietHours: t.field({
      type: QuietHoursRef,
      description: 'The quiet hours (9 pm to 7 am until changed).',
      resolve: (u, _a, ctx) => findQuietHours(ctx.deps.db, u.id),
    }),
  }),
});

builder.objectField(UserRef, 'pushNotifications', (t) =>
  t.field({
    type: PushNotificationsRef,
    nullable: true,
    description: "The user's devices, kinds and quiet hours (the signed-in user's own; null for anyone else's).",
    resolve: (user, _a, ctx) => (ctx.user?.id === user.id ? user : null),
  }),
);

const AddPushDeviceInput = builder.inputType('AddPushDeviceInput', {
  description: "The browser's PushSubscription (endpoint and keys), its name and the zone it is in.",
  fields: (t) => ({
    endpoint: t.string({ required: true, description: "The subscription's endpoint URL (https)." }),
    p256dh: t.string({ required: true, description: "The subscription's `p256dh` key, base64url." }),
    auth: t.string({ required: true, description: "The subscription's `auth` secret, base64url." }),
    browser: t.string({ required: true, description: "A name for the browser the user will recognise ('Chrome on Android')." }),
    timeZone: t.string({ required: true, description: "The browser's IANA zone, for quiet hours." }),
  }),
});

builder.mutationField('addPushDevice', (t) =>
  t.field({
    type: PushDeviceRef,
    authScopes: { loggedIn: true },
    description:
      'Switches notifications on for this browser (push_not_available when the server has no VAPID keys); validation_failed names a bad endpoint or key.',
    args: { input: t.arg({ type: AddPushDeviceInput, required: true, description: 'The subscription.' }) },
    resolve: (_r, args, ctx) => addPushDevice(ctx.deps, currentUser(ctx).id, args.input),
  }),
);

builder.mutationField('removePushDevice', (t) =>
  t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    description: "Turns one of the user's devices off (not_found for anyone else's).",
    args: { id: t.arg.id({ required: true, description: 'The `PushDevice.id`.' }) },
    resolve: async (_r, args, ctx) => {
      const user = currentUser(ctx);
      await removePushDevice(ctx.deps, user.id, String(args.id));
      return user;
    },
  }),
);

builder.mutationField('updatePushPreference', (t) =>
  t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    description: 'Switches one optional kind on or off for the signed-in user (push_kind_not_optional for the others).',
    args: {
      kind: t.arg({ type: PushKindEnum, required: true, description: 'The kind to switch.' }),
      enabled: t.arg.boolean({ required: true, description: 'True to receive it, false to stop it.' }),
    },
    resolve: async (_r, args, ctx) => {
      const user = currentUser(ctx);
      await setPushPreference(ctx.deps, user, args.kind, args.enabled);
      return user;
    },
  }),
);

const minuteOf = (value: string, field: string) => {
  const parsed = timeOfDaySchema.safeParse(value);
  if (!parsed.success) throw new AppError('validation_failed', field);
  return parsed.data;
};

builder.mutationField('updateQuietHours', (t) =>
  t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    description: 'Sets when non-urgent pushes wait: start and end as HH:MM in the zone given (an IANA name).',
    args: {
      enabled: t.arg.boolean({ required: true, description: 'Whether quiet hours apply.' }),
      start: t.arg.string({ required: true, description: 'When they begin, HH:MM (24-hour).' }),
      end: t.arg.string({ required: true, description: 'When they end, HH:MM (24-hour); before `start` means the next morning.' }),
      timeZone: t.arg.string({ required: true, description: "An IANA zone ('Australia/Perth')." }),
    },
    resolve: async (_r, args, ctx) => {
      const user = currentUser(ctx);
      await setQuietHours(ctx.deps, user.id, {
        enabled: args.enabled,
        startMinute: minuteOf(args.start, 'start'),
        endMinute: minuteOf(args.end, 'end'),
        timeZone: args.timeZone,
      });
      return user;
    },
  }),
);
