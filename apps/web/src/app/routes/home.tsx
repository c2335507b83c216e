/**
 * The / route: home routing decides, then the app layer renders the right feature's home page.
 * (Features do not import each other; composing them is the app's job.)
 */
import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { useHomeDestination } from '@/features/home/use-home-destination';
import { loadAgentHome, loadSellerHome } from '@/app/routes/home-loaders';
import { lazyOrReload } from '@/lib/new-release';

const SellerHome = lazyOrReload(loadSellerHome);
const AgentHome = lazyOrReload(loadAgentHome);

export default function HomeRoute() {
  const destination = useHomeDestination();

  switch (destination.kind) {
    case 'loading':
      return <PageSpinner />;
    case 'error':
      return (
        <div className="flex flex-col items-center gap-4 py-20 text-center">
          <h1 className="text-2xl font-semibold text-ink">We couldn't load your account</h1>
          <p className="text-ink-soft">{errorMessage(destination.error)}</p>
          <Button width="auto" onClick={destination.retry}>
            Try again
          </Button>
        </div>
      );
    case 'redirect':
      return <Navigate to={destination.to} replace />;
    case 'seller-home':
      return (
        <Suspense fallback={<PageSpinner />}>
          <SellerHome />
        </Suspense>
      );
    case 'agent-home':
      return (
        <Suspense fallback={<PageSpinner />}>
          <AgentHome />
        </Suspense>
      );
  }
}
