/** 'Your data' in Profile Settings: the export file, and closing the account. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import { authStore } from '@/lib/auth-store';
import { downloadBlob } from '@/lib/download-file';

export const DeleteMyAccountMutation = graphql(`
  mutation DeleteMyAccount($password: String!) {
    deleteMyAccount(password: $password)
  }
`);

export const RequestAccountDeletionEmailMutation = graphql(`
  mutation RequestAccountDeletionEmail {
    requestAccountDeletionEmail {
      message
    }
  }
`);

export const useDeleteMyAccount = () => useMutation(DeleteMyAccountMutation);

/** The navigation state with which 'Delete my account' reaches /account-closed: that page then clears the login. */
export const ACCOUNT_CLOSED_STATE = { hasClosedAccount: true } as const;
export const isAccountClosedState = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { hasClosedAccount?: unknown }).hasClosedAccount === true;
export const useRequestAccountDeletionEmail = () => useMutation(RequestAccountDeletionEmailMutation);

/** The export's file name from the answer's Content-Disposition, else a dated default. */
const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'listwise-my-data.json';

/**
 * GET /account/export with the session's bearer token, saved as the file the server names. Resolves to the file
 * name, or throws an Error whose message is the catalogue code (or 'network').
 */
export async function downloadMyData(): Promise<string> {
  const token = authStore.getState().token;
  if (!token) throw new Error('unauthorized');
  let response: Response;
  try {
    response = await fetch('/account/export', { headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new Error('network');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errors?: { extensions?: { code?: string } }[] } | null;
    if (response.status === 401) authStore.expireSession(token);
    throw new Error(body?.errors?.[0]?.extensions?.code ?? 'internal_error');
  }
  const name = fileNameOf(response);
  downloadBlob(await response.blob(), name);
  return name;
}
