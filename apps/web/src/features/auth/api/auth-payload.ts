import type { CurrentUser } from '@/lib/current-user';

/** What login-like mutations answer: a session token and the user it belongs to. */
export interface AuthPayload {
  token: string;
  user: CurrentUser;
}

export interface MessagePayload {
  message: string;
}
