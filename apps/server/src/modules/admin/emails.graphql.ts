import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { ADMIN, page } from './admin-common.graphql.ts';
import * as stuckEmails from './stuck-emails.service.ts';

/** The console's E-mails tab: e-mails whose hand-over to the mail server was cut off, sent again or marked sent. */

const AdminStuckEmailRef = builder.objectRef<stuckEmails.EmailMessageRow>('AdminStuckEmail').implement({
  description: 'An e-mail left SENDING: handed to the mail server, which may or may not have taken it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The e-mail id.' }),
    to: t.exposeString('toAddress', { description: 'The address it was sent to.' }),
    subject: t.exposeString('subject', { description: 'Its subject line.' }),
    template: t.exposeString('template', { description: 'Which of the e-mails Listwise sends it is.' }),
    attempts: t.exposeInt('attempts', { description: 'How many times delivery was tried.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: "The mail server's last error, if any." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was queued.' }),
    sendingSince: t.field({
      type: 'DateTime',
      description: 'When it was handed to the mail server.',
      resolve: (e) => e.sendingStartedAt ?? e.createdAt,
    }),
  }),
});

builder.queryFields((t) => ({
  adminStuckEmails: t.connection(
    {
      type: AdminStuckEmailRef,
      authScopes: ADMIN,
      description: 'E-mails stuck in SENDING (for more than 10 minutes), oldest first.',
      resolve: (_r, args, ctx) => stuckEmails.listStuckEmails(ctx.deps, page(args)),
    },
    { description: 'A page of e-mails stuck in SENDING.' },
    { description: 'A stuck e-mail, with its cursor.' },
  ),
}));

builder.mutationFields((t) => ({
  resendStuckEmail: t.field({
    type: AdminStuckEmailRef,
    authScopes: ADMIN,
    description: 'Sends an e-mail stuck in SENDING again (it is QUEUED for delivery); audit-logged.',
    args: { emailId: t.arg.id({ required: true, description: 'The stuck e-mail.' }) },
    resolve: (_r, args, ctx) => stuckEmails.resendStuckEmail(ctx.deps, currentUser(ctx), String(args.emailId)),
  }),
  markStuckEmailSent: t.field({
    type: AdminStuckEmailRef,
    authScopes: ADMIN,
    description: 'Marks an e-mail stuck in SENDING as sent (the operator learnt it arrived); audit-logged.',
    args: { emailId: t.arg.id({ required: true, description: 'The stuck e-mail.' }) },
    resolve: (_r, args, ctx) => stuckEmails.markStuckEmailSent(ctx.deps, currentUser(ctx), String(args.emailId)),
  }),
}));
