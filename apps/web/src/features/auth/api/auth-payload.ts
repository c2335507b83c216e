import type { ResultOf } from '@graphql-typed-document-node/core';
import type { LoginMutation } from '@/features/auth/api/login';

/** What login-like mutations answer: a session token and the user it belongs to. */
export type AuthPayload = ResultOf<typeof LoginMutation>['login'];
