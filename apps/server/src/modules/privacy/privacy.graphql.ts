import { builder } from '../../graphql/builder.ts';
import { currentUser, MessagePayloadRef } from '../accounts/accounts.graphql.ts';
import * as deletion from './account-deletion.service.ts';

/** Closing one's account. The data export is `GET /account/export` (privacy.routes.ts), a file, not a query. */

builder.mutationFields((t) => ({
  deleteMyAccount: t.boolean({
    authScopes: { loggedIn: true },
    description:
      'Closes the signed-in account, confirmed with its password (docs/privacy.md says what is erased and what is kept). incorrect_password when wrong; account_has_no_password for an account without one (use requestAccountDeletionEmail); sale_awaiting_confirmation while a sale is not settled; charge_in_progress while a payment has no outcome yet.',
    args: { password: t.arg.string({ required: true, description: "The account's password." }) },
    resolve: (_r, args, ctx) => deletion.deleteMyAccount(ctx.deps, currentUser(ctx), args.password),
  }),
  requestAccountDeletionEmail: t.field({
    type: MessagePayloadRef,
    authScopes: { loggedIn: true },
    description:
      'For an account without a password (social sign-in only): e-mails a link that closes the account (24 hours). invalid_state for an account with a password (use deleteMyAccount) or without an e-mail.',
    resolve: (_r, _a, ctx) => deletion.requestAccountDeletionEmail(ctx.deps, currentUser(ctx)),
  }),
  confirmAccountDeletion: t.boolean({
    description:
      'The e-mailed link of requestAccountDeletionEmail closes the account; the token is the credential. invalid_token when unknown or expired; account_already_deleted when it was used.',
    args: { accountDeletionToken: t.arg.string({ required: true, description: 'The token from the link.' }) },
    resolve: (_r, args, ctx) => deletion.confirmAccountDeletion(ctx.deps, args.accountDeletionToken),
  }),
}));
