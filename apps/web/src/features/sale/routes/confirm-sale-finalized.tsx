/**
 * /agent/property-sale/{id}/confirm/finalized: 'Sale has been finalised' (spec 000 'Sale confirmation'; one spelling,
 * the Australian one its body uses; the path keeps the spec's). The spec's
 * text says 'the commission fee'; what Listwise charges is the lead fee, so the page names it so.
 */
import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { ButtonLink } from '@/components/button';
import { TextLink } from '@/components/text-link';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CheckIcon } from '@/features/sale/components/outcome-page';

export default function ConfirmSaleFinalizedRoute() {
  useDocumentTitle('Sale has been finalised');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center py-10 text-center md:py-16">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-800" aria-hidden="true">
        <CheckIcon />
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">Sale has been finalised</h1>
      <p className="mt-4 text-base leading-7 text-ink-soft">
        Congratulations, your sale has been finalised. You will be charged the {LEAD_FEE_NAME} for the successful sale of this property, and
        we e-mail you its tax invoice.
      </p>
      <p className="mt-2 text-base leading-7 text-ink-soft">
        Your charges and invoices are in <TextLink to="/agent/profile-settings?tab=billing">Profile Settings</TextLink>.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </div>
  );
}
