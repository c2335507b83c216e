import { builder } from '../../graphql/builder.ts';
import { currentUser, UserRef } from '../accounts/accounts.graphql.ts';
import { StateEnum } from '../suburbs/suburbs.graphql.ts';
import * as agents from './agents.service.ts';

/** The agent's own profile calls (spec 000 §7). Both answer the updated User. */
builder.mutationFields((t) => ({
  updateAgentProfileBasicDetails: t.field({
    type: UserRef,
    authScopes: { agent: true },
    args: { name: t.arg.string({ required: true }), mobileNumber: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => agents.updateAgentProfileBasicDetails(ctx.deps, currentUser(ctx), args),
  }),
  updateAgentProfileDetails: t.field({
    type: UserRef,
    authScopes: { agent: true },
    args: {
      profilePictureUserMediaId: t.arg.id({ required: true }),
      bio: t.arg.string({ required: true }),
      agencyLogoUserMediaId: t.arg.id({ required: true }),
      agencyName: t.arg.string({ required: true }),
      agencyBio: t.arg.string({ required: true }),
      agencyAbn: t.arg.string({
        required: false,
        description:
          "The agency's ABN (11 digits, spaces allowed, ABR check digits; invalid_abn otherwise). Omitted keeps it; null or blank clears it.",
      }),
      licenceNumber: t.arg.string({
        required: false,
        description:
          'The licence typed on the sign-up profile page, saved with the profile as updateAgentLicence saves it. Omitted (or blank with no state) keeps the licence on file.',
      }),
      licenceState: t.arg({ type: StateEnum, required: false }),
      licenseeName: t.arg.string({ required: false }),
      licenceExpiresOn: t.arg.string({ required: false, description: 'YYYY-MM-DD: required with a typed licence.' }),
    },
    resolve: (_r, args, ctx) =>
      agents.updateAgentProfileDetails(ctx.deps, currentUser(ctx), {
        ...args,
        profilePictureUserMediaId: String(args.profilePictureUserMediaId),
        agencyLogoUserMediaId: String(args.agencyLogoUserMediaId),
      }),
  }),
}));
