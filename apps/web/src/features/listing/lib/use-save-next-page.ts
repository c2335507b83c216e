/**
 * Stores the wizard page a seller should come back to (`updateUserDetails(nextPage)`), so the continue link and
 * a later login resume the listing there. A failure is not worth stopping the seller for: it is only reported.
 */
import { useCallback } from 'react';
import { useUpdateUserDetails } from '@/features/listing/api/account';

export function useSaveNextPage() {
  const [, updateUserDetails] = useUpdateUserDetails();
  return useCallback(
    async (nextPage: string) => {
      await updateUserDetails({ nextPage });
    },
    [updateUserDetails],
  );
}
