import { builder } from '../../graphql/builder.ts';
import { currentUser, UserRef } from '../accounts/accounts.graphql.ts';
import { StateEnum } from '../suburbs/suburbs.graphql.ts';
import * as agents from './agents.service.ts';

/** The agent's own profile calls (spec 000 §7). Both answer the updated User. */
builder.mutationFields((t) => ({
  updateAgentProfileBasicDetails: t.field({
    type: UserRef,
    authScopes: { agent: true },
    description: "Saves the signed-in agent's name and mobile number (the sign-up's first step); answers the updated user.",
    args: {
      name: t.arg.string({ required: true, description: 'Full name, up to 196 characters.' }),
      mobileNumber: t.arg.string({
        required: true,
        description: "An Australian mobile, international ('+61412345678') or national ('0412 345 678'); stored internationally.",
      }),
    },
    resolve: (_r, args, ctx) => agents.updateAgentProfileBasicDetails(ctx.deps, currentUser(ctx), args),
  }),
  updateAgentProfileDetails: t.field({
    type: UserRef,
    authScopes: { agent: true },
    description:
      "Saves the signed-in agent's public profile, every part required; answers the updated user. An image must be one of the agent's own photos whose upload finished: not_found for anyone else's, user_media_file_extension_not_supported for a video, user_media_content_not_supported for a refused file, invalid_state while it uploads.",
    args: {
      profilePictureUserMediaId: t.arg.id({ required: true, description: "The agent's photo (an upload)." }),
      bio: t.arg.string({ required: true, description: 'About the agent, up to 500 characters.' }),
      agencyLogoUserMediaId: t.arg.id({ required: true, description: "The agency's logo (an upload)." }),
      agencyName: t.arg.string({ required: true, description: 'Up to 196 characters.' }),
      agencyBio: t.arg.string({ required: true, description: 'About the agency, up to 500 characters.' }),
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
      licenceState: t.arg({
        type: StateEnum,
        required: false,
        description: 'Where the licence was issued; required with a typed licence.',
      }),
      licenseeName: t.arg.string({ required: false, description: "The name on the licence, when not the agent's own." }),
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
