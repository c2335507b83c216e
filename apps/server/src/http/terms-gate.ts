import { getOperationAST, Kind, type DocumentNode, type SelectionSetNode } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { mustAcceptTerms } from '../modules/accounts/terms.ts';
import type { GraphQLContext } from '../graphql/context.ts';

/**
 * While a user must accept a new version of the terms (`User.mustAcceptTerms`), the API serves only what it takes to
 * read and accept them, to leave, or to keep the account safe: the web app's 'We have updated our terms' screen is not the only client, and
 * the terms are what the rest of the service is offered under. Any other operation is refused whole with
 * `terms_not_accepted` (HTTP 403) before a resolver runs. The documents themselves are static files.
 */
export const ALLOWED_UNTIL_TERMS_ACCEPTED: ReadonlySet<string> = new Set([
  '__typename',
  // Reading and accepting them.
  'me',
  'currentTermsVersion',
  'acceptTerms',
  // Leaving: signing out, closing the account (the download of one's data is GET /account/export, not gated).
  'logout',
  'deleteMyAccount',
  'requestAccountDeletionEmail',
  'confirmAccountDeletion',
  // Keeping the account itself safe and reachable, which uses nothing the terms offer: signing in (with a password
  // or a continue link), the links of e-mails (verification, undoing an e-mail change, a password reset) and
  // changing the password.
  'login',
  'getUserByToken',
  'verifyEmail',
  'resendVerificationEmail',
  'undoEmailChange',
  'sendPasswordResetEmail',
  'updateUserPasswordWithResetToken',
  'updateUserPassword',
  // An e-mail's unsubscribe link, which must work whoever is signed in on the device that opens it.
  'unsubscribeLink',
  'unsubscribeWithLink',
]);

/** The root fields an operation asks for, through fragments and inline fragments on the root type too. */
export function rootFieldNames(document: DocumentNode, operationName?: string | null): string[] {
  const operation = getOperationAST(document, operationName);
  if (!operation) return [];
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])),
  );
  const names: string[] = [];
  const seen = new Set<string>();
  const walk = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment);
      }
    }
  };
  walk(operation.selectionSet);
  return names;
}

export const termsGate: Plugin<GraphQLContext> = {
  onExecute({ args, setResultAndStopExecution }) {
    const user = (args.contextValue as GraphQLContext).user;
    if (!user || !mustAcceptTerms(user)) return;
    if (rootFieldNames(args.document, args.operationName).every((name) => ALLOWED_UNTIL_TERMS_ACCEPTED.has(name))) return;
    setResultAndStopExecution({
      errors: [createGraphQLError('terms_not_accepted', { extensions: { code: 'terms_not_accepted', http: { status: 403 } } })],
    });
  },
};
