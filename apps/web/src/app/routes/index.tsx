/**
 * / decides the shell before anything heavy loads. A signed-in member gets the signed-in layout with home
 * routing (unchanged: seller home, agent home, the console, or the next step of a funnel). A visitor (or a ghost user
 * mid-listing) gets the public homepage, unless an external main site is configured (VITE_MAIN_SITE_URL): then / is
 * log in, as before, and the main site is the homepage. Each branch is its own chunk, so a visitor downloads neither
 * the signed-in shell nor home routing.
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
const VisitorHome = lazyOrReload(() => import('@/app/routes/visitor-home'));

export default function IndexRoute() {
  const auth = useAuth();
  const client = useClient();
  const isMember = isSignedInMember(auth);
  useEffect(() => {
    if (isMember) prefetchSignedInHome(auth.userType, client);
  }, [isMember, auth.userType, client]);
  if (!isMember && env.mainSiteUrl) return <Navigate to="/login" replace />;
  return <Suspense fallback={<AppShell />}>{isMember ? <SignedInHome /> : <VisitorHome />}</Suspense>;
}
