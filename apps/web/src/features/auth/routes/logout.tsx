import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import { Spinner } from '@/components/spinner';
import { env } from '@/config/env';
import { authStore } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LogoutMutation } from '@/features/auth/api/logout';

/** How long to wait for the server to revoke the token before leaving anyway. */
const REVOKE_TIMEOUT_MS = 4000;

/**
 * /logout: revokes the session on the server (best effort), clears the login and every cached result,
 * writes the logged-out cookie flag, then leaves for the main site (VITE_MAIN_SITE_URL) or /login.
 */
export default function LogoutRoute() {
  useDocumentTitle('Logging out');
  const client = useClient();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;

    const leave = () => {
      authStore.finishLogout();
      if (env.mainSiteUrl) window.location.replace(env.mainSiteUrl);
      else navigate('/login', { replace: true });
    };

    if (!authStore.getState().token) {
      leave();
      return;
    }
    authStore.beginLogout();
    const revoke = client.mutation(LogoutMutation, {}, { requestPolicy: 'network-only' }).toPromise();
    const timeout = new Promise((resolve) => setTimeout(resolve, REVOKE_TIMEOUT_MS));
    void Promise.race([revoke, timeout]).finally(leave);
  }, [client, navigate]);

  return (
    <main id="main-content" tabIndex={-1} className="flex min-h-dvh flex-col items-center justify-center gap-4 text-brand-800 outline-none">
      <h1 className="text-lg font-semibold text-ink">Logging out…</h1>
      <Spinner label={null} size="lg" />
    </main>
  );
}
