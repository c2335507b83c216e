/**
 * / in the web app is a signed-in member's home: seller home, agent home, the console, or the next step of a funnel.
 * The server answers / with the public homepage to everyone else (it reads the `listwise_logged_in` flag this app
 * keeps, lib/auth-store.ts), so a visitor reaches this route only by a link inside the app or with a stale flag:
 * they are sent to the server's homepage as a whole document (the flag is already corrected when this runs), or to
 * log in when an external main site is the homepage (VITE_MAIN_SITE_URL).
 */
import { Suspense, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useClient } from 'urql';
import { AppShell } from '@/components/app-shell';
import { env } from '@/config/env';
import { isSignedInMember, useAuth } from '@/lib/auth-store';
import { prefetchSignedInHome } from '@/app/routes/home-loaders';
import { lazyOrReload } from '@/lib/new-release';

const SignedInHome = lazyOrReload(() => import('@/app/routes/signed-in-home'));

/** The public homepage, loaded as a document from the server. */
function OpenPublicHomepage() {
  useEffect(() => {
    window.location.replace('/');
  }, []);
  return <AppShell />;
}

export default function IndexRoute() {
  const auth = useAuth();
  const client = useClient();
  const isMember = isSignedInMember(auth);
  useEffect(() => {
    if (isMember) prefetchSignedInHome(auth.userType, client);
  }, [isMember, auth.userType, client]);
  if (!isMember) return env.mainSiteUrl ? <Navigate to="/login" replace /> : <OpenPublicHomepage />;
  return (
    <Suspense fallback={<AppShell />}>
      <SignedInHome />
    </Suspense>
  );
}
