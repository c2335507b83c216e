import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '@/components/spinner';
import { isNetworkFailure } from '@/lib/errors';
import { resumeEntryFor } from '@/lib/listing-resume';
import { showToast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGetUserByTokenMutation } from '@/features/auth/api/get-user-by-token';
import { signInWith } from '@/features/auth/lib/sign-in';

/**
 * /continue/:token — the continue-registration link: becomes that seller, then resumes their listing (at its first
 * gap, through the wizard's resume route); a bad link says so where a new one can be asked for.
 */
export default function ContinueTokenRoute() {
  useDocumentTitle('Continuing your registration');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [, getUserByToken] = useGetUserByTokenMutation();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void signInWith(
      () => getUserByToken({ continueToken: token }),
      (data) => data.getUserByToken,
    ).then((result) => {
      if (result.ok) {
        navigate(resumeEntryFor(result.payload.user.sellerProfile?.nextPage), { replace: true });
        return;
      }
      if (!result.error || !isNetworkFailure(result.error)) showToast('Token is invalid', { tone: 'error' });
      // To ask for a fresh link, inside the app: '/' would open the server's homepage as a new document, losing the
      // toast (docs/decisions/0022-one-public-site.md).
      navigate('/continue-signup', { replace: true });
    });
  }, [getUserByToken, navigate, token]);

  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-16">
      <h1 className="mb-2 text-xl font-semibold text-ink">Continuing your registration…</h1>
      <PageSpinner label="Checking your link" />
    </div>
  );
}
