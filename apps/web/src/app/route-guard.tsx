/**
 * Route guard (spec 000 §2): not signed in → /login?from=<origin>; wrong role → the not-found page;
 * incomplete profile → sellers /new-property/, agents /agent/signup/basic-details; unverified e-mail
 * where the page needs it → /email-verification. Wrap a route's element, or use it as a layout route.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { UserType } from '@listwise/domain/enums';
import { Button } from '@/components/button';
import { NotFoundPage } from '@/components/not-found';
import { PageSpinner } from '@/components/spinner';
import { isSignedIn, useAuth } from '@/lib/auth-store';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { loginPathFrom } from '@/lib/safe-redirect';
import { AcceptUpdatedTerms } from '@/features/privacy/components/accept-updated-terms';

interface RouteGuardProps {
  /** The user type the page is for; others see the not-found page. */
  role?: UserType;
  /** Send users who have not finished sign-up to their sign-up step (default true). */
  requireCompleteProfile?: boolean;
  /** Send users whose e-mail is not verified to /email-verification (default false). */
  requireVerifiedEmail?: boolean;
  children?: ReactNode;
}

const INCOMPLETE_PROFILE_PATHS = {
  SELLER: '/new-property/',
  AGENT: '/agent/signup/basic-details',
} as const;

/** Where a signed-in user must go instead of this page, or null to let them in. */
const redirectFor = (user: CurrentUser, requireCompleteProfile: boolean, requireVerifiedEmail: boolean): string | null => {
  if (requireCompleteProfile && user.userType !== 'ADMIN' && (!user.profileComplete || user.isGhostUser)) {
    return INCOMPLETE_PROFILE_PATHS[user.userType];
  }
  if (requireVerifiedEmail && !user.isEmailVerified) return '/email-verification';
  return null;
};

export function RouteGuard({ role, requireCompleteProfile = true, requireVerifiedEmail = false, children }: RouteGuardProps) {
  const auth = useAuth();
  const location = useLocation();
  const needsUser = requireCompleteProfile || requireVerifiedEmail;
  const [{ data, fetching, error }, reexecute] = useCurrentUser();

  if (!isSignedIn(auth)) return <Navigate to={loginPathFrom(location.pathname + location.search)} replace />;
  if (role && auth.userType !== role) return <NotFoundPage />;
  // Such a page does not wait for the user, but a signed-in one who must accept newer terms is served nothing
  // else (terms_not_accepted): the terms are asked for as soon as that is known.
  if (!needsUser) return data?.me?.mustAcceptTerms ? <AcceptUpdatedTerms /> : <>{children ?? <Outlet />}</>;

  const me = data?.me;
  if (!me) {
    if (error && !fetching) {
      return (
        <div className="flex flex-col items-center gap-4 py-20 text-center">
          <p className="text-ink-soft">{errorMessage(error)}</p>
          <Button width="auto" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
            Try again
          </Button>
        </div>
      );
    }
    return <PageSpinner />;
  }
  if (role && me.userType !== role) return <NotFoundPage />;
  // Under the public layout (the sign-up funnels) no shell asks for a newer version of the terms: the guard does.
  if (me.mustAcceptTerms) return <AcceptUpdatedTerms />;

  const redirect = redirectFor(me, requireCompleteProfile, requireVerifiedEmail);
  if (redirect && redirect !== location.pathname) return <Navigate to={redirect} replace />;
  return <>{children ?? <Outlet />}</>;
}
