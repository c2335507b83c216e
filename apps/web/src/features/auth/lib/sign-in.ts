/**
 * Running a mutation that starts a session (login, agent sign-up, continue token) through the auth
 * state machine: begin (clears the old session), then complete with the new token, or put the previous
 * session back if the call failed.
 */
import type { CombinedError, OperationResult } from 'urql';
import { authStore } from '@/lib/auth-store';
import type { AuthPayload } from '@/features/auth/api/auth-payload';

export type SignInResult = { ok: true; payload: AuthPayload } | { ok: false; error: CombinedError | undefined };

export const signInWith = async <Data>(
  execute: () => Promise<OperationResult<Data>>,
  pickPayload: (data: Data) => AuthPayload | null | undefined,
): Promise<SignInResult> => {
  const previous = authStore.beginLogin();
  let result: OperationResult<Data>;
  try {
    result = await execute();
  } catch {
    authStore.abortLogin(previous);
    return { ok: false, error: undefined };
  }
  const payload = result.data ? pickPayload(result.data) : null;
  if (result.error || !payload) {
    authStore.abortLogin(previous);
    return { ok: false, error: result.error };
  }
  authStore.completeLogin({ token: payload.token, userType: payload.user.userType, isGhostUser: payload.user.isGhostUser });
  return { ok: true, payload };
};
