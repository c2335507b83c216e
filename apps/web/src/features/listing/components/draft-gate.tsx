/**
 * Gives a wizard step the seller and their draft. While they load it shows a spinner; without a draft the seller
 * goes back to the address step (spec 001 §2: 'With no draft property, the seller is redirected to
 * /new-property/address').
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { useCurrentDraftProperty, type DraftProperty } from '@/features/listing/api/draft-property';
import { WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';

interface DraftGateProps {
  children: (context: { draft: DraftProperty; me: CurrentUser }) => ReactNode;
}

export function DraftGate({ children }: DraftGateProps) {
  const [{ data: meData }] = useCurrentUser();
  const [{ data, fetching, error }, reexecute] = useCurrentDraftProperty();
  const me = meData?.me;

  if (error && !data) {
    return (
      <div className="flex flex-col items-center gap-4 py-20 text-center">
        <p className="text-ink-soft">{errorMessage(error)}</p>
        <Button width="auto" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
          Try again
        </Button>
      </div>
    );
  }
  if (!me || !data || (fetching && !data.currentDraftProperty)) return <PageSpinner />;
  if (!data.currentDraftProperty) return <Navigate to={WIZARD_PATHS.address} replace />;
  return <>{children({ draft: data.currentDraftProperty, me })}</>;
}
