import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS, type EmailCategory } from '@listwise/domain/email-categories';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import {
  describeUnsubscribeLink,
  findEmailPreferences,
  setEmailPreference,
  unsubscribeWithLink,
} from '../notifications/email-preferences.service.ts';
import { currentUser, UserRef } from './accounts.graphql.ts';

/**
 * The reader's optional e-mail categories: `User.emailPreferences` lists each category the user
 * can receive with its switch, `updateEmailPreference(category, enabled)` turns one on or off for the signed-in user
 * only. `unsubscribeLink` and `unsubscribeWithLink` are the /unsubscribe page's (no session: the signed token is
 * the authority); mail clients POST the same token to /unsubscribe/<token> (unsubscribe.routes.ts).
 */
export const EmailCategoryEnum = builder.enumType('EmailCategory', {
  description: 'An optional e-mail category (service messages have none and cannot be switched off).',
  // Each value is described by the words Profile Settings shows beside its switch.
  values: describedValues(
    Object.fromEntries(EMAIL_CATEGORIES.map((category) => [category, EMAIL_CATEGORY_LABELS[category].description])) as Record<
      EmailCategory,
      string
    >,
  ),
});

const EmailPreferenceRef = builder.objectRef<{ category: EmailCategory; enabled: boolean }>('EmailPreference').implement({
  description: "One optional e-mail category's switch.",
  fields: (t) => ({
    category: t.field({ type: EmailCategoryEnum, description: 'The category.', resolve: (p) => p.category }),
    enabled: t.exposeBoolean('enabled', { description: 'Whether the user receives it (on unless switched off).' }),
  }),
});

const UnsubscribeLinkRef = builder.objectRef<{ category: EmailCategory }>('UnsubscribeLink').implement({
  description: "An optional e-mail's unsubscribe link: the category it stops.",
  fields: (t) => ({
    category: t.field({ type: EmailCategoryEnum, description: 'The category the link stops.', resolve: (l) => l.category }),
  }),
});

builder.objectField(UserRef, 'emailPreferences', (t) =>
  t.field({
    type: [EmailPreferenceRef],
    description:
      "Each optional e-mail category the user can receive and whether they do (the signed-in user's own; empty for anyone else's).",
    resolve: (user, _a, ctx) => (ctx.user?.id === user.id ? findEmailPreferences(ctx.deps.db, user) : []),
  }),
);

builder.queryField('unsubscribeLink', (t) =>
  t.field({
    type: UnsubscribeLinkRef,
    description:
      'What an unsubscribe link stops, before it is used (no session). unsubscribe_link_invalid when Listwise did not sign it, unsubscribe_link_already_used once used.',
    args: { token: t.arg.string({ required: true, description: 'The signed token from the link.' }) },
    resolve: (_r, args, ctx) => describeUnsubscribeLink(ctx.deps, args.token),
  }),
);

builder.mutationField('unsubscribeWithLink', (t) =>
  t.field({
    type: UnsubscribeLinkRef,
    description:
      "Stops the link's category for the user it was sent to, at once, without a session (the /unsubscribe page's button). A forged or reused link changes nothing: unsubscribe_link_invalid, unsubscribe_link_already_used.",
    args: { token: t.arg.string({ required: true, description: 'The signed token from the link.' }) },
    resolve: (_r, args, ctx) => unsubscribeWithLink(ctx.deps, args.token),
  }),
);

builder.mutationField('updateEmailPreference', (t) =>
  t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    description: 'Switches one optional e-mail category on or off for the signed-in user, from the next e-mail on.',
    args: {
      category: t.arg({ type: EmailCategoryEnum, required: true, description: 'The category to switch.' }),
      enabled: t.arg.boolean({ required: true, description: 'True to receive it, false to stop it.' }),
    },
    resolve: async (_r, args, ctx) => {
      const user = currentUser(ctx);
      await setEmailPreference(ctx.deps, user.id, args.category, args.enabled);
      return user;
    },
  }),
);
