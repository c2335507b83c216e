import { builder } from '../../graphql/builder.ts';
import type { SocialProvider } from '@listwise/domain/enums';
import { describedValues } from '../../graphql/enum-values.ts';
import { currentUser } from './accounts.graphql.ts';
import * as social from './social-sign-in.service.ts';

/** Social sign-in on the listing address step (docs/decisions/0012-social-sign-in.md). */

const SocialSignInProviderEnum = builder.enumType('SocialSignInProvider', {
  description: 'A social sign-in provider.',
  values: describedValues<SocialProvider>({
    GOOGLE: 'Sign in with Google: the credential is an ID token.',
    APPLE: 'Sign in with Apple: the credential is an ID token.',
    FACEBOOK: 'Facebook Login: the credential is an access token.',
  }),
});

const SocialSignInProviderInfoRef = builder.objectRef<social.SocialSignInProviderInfo>('SocialSignInProviderInfo').implement({
  description: 'A configured social sign-in provider and the public id its browser SDK is initialised with.',
  fields: (t) => ({
    provider: t.field({ type: SocialSignInProviderEnum, description: 'The provider.', resolve: (p) => p.provider }),
    clientId: t.exposeString('clientId', { description: "The provider's public client (app) id for this server." }),
  }),
});

const SocialSignInResultRef = builder.objectRef<{ name: string | null; email: string | null }>('SocialSignInResult').implement({
  description: 'Name and e-mail the provider vouched for, to pre-fill the address step.',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true, description: 'The full name; null when the provider gave none.' }),
    email: t.exposeString('email', { nullable: true, description: 'The verified e-mail; null when the provider gave none.' }),
  }),
});

const SocialSignInAttemptRef = builder.objectRef<{ nonce: string; expiresAt: Date }>('SocialSignInAttempt').implement({
  description: 'One sign-in attempt with a provider: its nonce goes to the provider SDK and back with the credential.',
  fields: (t) => ({
    nonce: t.exposeString('nonce', {
      description: "Google: initialize({ nonce }); Apple: init({ nonce }); Facebook: the page's state, sent back as is.",
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When the nonce stops working (10 minutes on).' }),
  }),
});

const AppleUserInput = builder.inputType('AppleUserInput', {
  description: "The name from Sign in with Apple's first authorisation (outside the signed token: used for the name only).",
  fields: (t) => ({ firstName: t.string({ description: 'Given name.' }), lastName: t.string({ description: 'Family name.' }) }),
});

builder.queryField('socialSignInProviders', (t) =>
  t.field({
    type: [SocialSignInProviderInfoRef],
    description: 'Social sign-in providers configured on this server (the address step shows a button for each).',
    resolve: (_r, _a, ctx) => social.listSocialSignInProviders(ctx.deps),
  }),
);

builder.mutationField('startSocialSignIn', (t) =>
  t.field({
    type: SocialSignInAttemptRef,
    description:
      'Starts a sign-in attempt before the provider popup opens: a single-use nonce, valid 10 minutes, that verifySocialSignIn must be given with the credential. No session needed.',
    args: { provider: t.arg({ type: SocialSignInProviderEnum, required: true, description: 'The provider to sign in with.' }) },
    resolve: (_r, args, ctx) => social.startSocialSignIn(ctx.deps, args.provider, ctx.clientAddress),
  }),
);

builder.mutationField('verifySocialSignIn', (t) =>
  t.field({
    type: SocialSignInResultRef,
    description:
      "Checks a provider's credential (Google or Apple ID token, Facebook access token) with the provider and remembers the verified e-mail for updateUserDetails(socialEmail). `nonce` is the attempt's from startSocialSignIn (the ID token must carry it); each nonce and each credential works once. Fails with social_sign_in_failed.",
    authScopes: { seller: true },
    args: {
      provider: t.arg({ type: SocialSignInProviderEnum, required: true, description: 'The provider that issued the credential.' }),
      credential: t.arg.string({ required: true, description: 'The Google or Apple ID token, or the Facebook access token.' }),
      nonce: t.arg.string({ required: true, description: "The attempt's nonce from `startSocialSignIn`." }),
      appleUser: t.arg({ type: AppleUserInput, description: 'Apple only, on the first authorisation: the name Apple gave.' }),
    },
    resolve: (_r, args, ctx) => social.verifySocialSignIn(ctx.deps, currentUser(ctx), args, ctx.clientAddress),
  }),
);
