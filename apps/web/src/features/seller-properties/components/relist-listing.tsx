/**
 * 'List again' on a withdrawn ('Off market') listing's page: a confirmation, then `relistProperty`.
 * The agents the withdrawal released who still serve the suburb are asked again; the toast says how many.
 */
import { useState } from 'react';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useRelistProperty, type AgentAsked } from '@/features/seller-properties/api/published-listing';

/** What the seller is told once the listing is back: whether agents were asked again, or none serve the suburb. */
export function relistedToast(agentsAsked: Pick<AgentAsked, 'progress'>[]): string {
  const askedAgain = agentsAsked.filter((a) => a.progress === 'SENT' || a.progress === 'AWAITING_VERIFICATION').length;
  if (askedAgain === 0) return 'Your listing is back on Listwise.';
  return `Your listing is back on Listwise. ${askedAgain === 1 ? 'The agent' : `${askedAgain} agents`} you asked before ${
    askedAgain === 1 ? 'has' : 'have'
  } been asked again.`;
}

export function RelistListing({ propertyId }: { propertyId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, relist] = useRelistProperty();

  const onConfirm = async () => {
    setError(null);
    const result = await relist({ propertyId });
    if (result.error || !result.data) {
      setError(errorMessage(result.error));
      return;
    }
    setIsOpen(false);
    showToast(relistedToast(result.data.relistProperty.agentsAsked), { tone: 'success' });
  };

  return (
    <>
      <div className="mt-2">
        <Button variant="secondary" width="auto" onClick={() => setIsOpen(true)}>
          List again
        </Button>
      </div>
      <ModalDialog isOpen={isOpen} onOpenChange={setIsOpen} title="List this property again?">
        <div className="flex flex-col gap-5">
          <p className="text-ink-soft">
            Your listing goes back on Listwise. Agents you asked before who still serve your suburb are asked again and have 48 hours to
            send their appraisal. Appraisals you already have stay here.
          </p>
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-end">
            <Button variant="secondary" width="auto" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button width="auto" isLoading={fetching} onClick={onConfirm}>
              List again
            </Button>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}
