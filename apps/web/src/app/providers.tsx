import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { Provider as GraphqlProvider } from 'urql';
import { ToastRegion } from '@/components/toast-region';
import { UpdatePrompt } from '@/components/update-prompt';
import { useAuth } from '@/lib/auth-store';
import { clientForEpoch } from '@/lib/graphql-client';

/**
 * App-wide providers. The GraphQL client is rebuilt whenever the session epoch changes (login, logout,
 * expiry), so nothing cached for one user is ever shown to the next.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { epoch } = useAuth();
  const client = clientForEpoch(epoch);

  return (
    <I18nProvider locale="en-AU">
      <GraphqlProvider value={client}>
        {children}
        <ToastRegion />
        <UpdatePrompt />
      </GraphqlProvider>
    </I18nProvider>
  );
}
