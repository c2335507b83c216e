/** /agent/property-sale/{id}/confirm/finalized: 'Sale has been finalized' (spec 000 'Sale confirmation'). */
import { ButtonLink } from '@/components/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CheckIcon } from '@/features/sale/components/outcome-page';

export default function ConfirmSaleFinalizedRoute() {
  useDocumentTitle('Sale has been finalized');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center py-10 text-center md:py-16">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-800" aria-hidden="true">
        <CheckIcon />
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">Sale has been finalized</h1>
      <p className="mt-4 text-base leading-7 text-ink-soft">
        Congratulations, your sale has been finalised. You will be charged the commission fee for the successful sale of this property.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </div>
  );
}
