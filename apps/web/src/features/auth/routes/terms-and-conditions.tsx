import { useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { cx } from '@/components/cx';
import { formatDollars } from '@listwise/domain/format';
import { useLeadFee } from '@/lib/lead-fee';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LegalDocument } from '@/features/auth/components/legal-document';

type LegalTab = 'terms' | 'privacy';

const tabClass = ({ isSelected }: { isSelected: boolean }) =>
  cx(
    '-mb-px cursor-pointer rounded-t-md border-b-3 px-4 py-3 text-base font-semibold transition-colors',
    isSelected ? 'border-brand-800 text-brand-900' : 'border-transparent text-ink-soft hover:text-ink',
  );

/** /terms-and-conditions?tab=terms|privacy — seller and agent terms, and the privacy policy. */
export default function TermsAndConditionsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: LegalTab = searchParams.get('tab') === 'privacy' ? 'privacy' : 'terms';
  useDocumentTitle(tab === 'privacy' ? 'Privacy Policy' : 'Terms & Conditions');
  const fee = useLeadFee();
  const values: Record<string, string> = fee
    ? { leadFee: `${formatDollars(fee.excludingGstDollars)} plus GST (${formatDollars(fee.includingGstDollars)} in total)` }
    : {};

  const onSelectionChange = (key: Key) => {
    setSearchParams({ tab: String(key) }, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="mx-auto w-full max-w-page-header px-5 py-10 md:px-8 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">Terms &amp; Privacy</h1>
      <p className="mt-2 text-base leading-7 text-ink-soft">
        The terms for sellers and agents who use Listwise, and how we handle your information.
      </p>

      <Tabs selectedKey={tab} onSelectionChange={onSelectionChange} className="mt-8">
        <TabList aria-label="Legal documents" className="flex gap-2 border-b border-slate-300">
          <Tab id="terms" className={tabClass}>
            Terms
          </Tab>
          <Tab id="privacy" className={tabClass}>
            Privacy
          </Tab>
        </TabList>
        <TabPanel id="terms" className="pt-8">
          <nav aria-label="Terms documents" className="mb-8 flex flex-wrap gap-3 text-sm">
            <a
              href="#seller-terms"
              className="rounded-full border border-slate-300 px-4 py-1.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Seller terms
            </a>
            <a
              href="#agent-terms"
              className="rounded-full border border-slate-300 px-4 py-1.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Agent terms
            </a>
          </nav>
          <section id="seller-terms" aria-label="Seller terms" className="scroll-mt-24">
            <LegalDocument name="seller-terms" values={values} />
          </section>
          <hr className="my-10 border-slate-200" />
          <section id="agent-terms" aria-label="Agent terms" className="scroll-mt-24">
            <LegalDocument name="agent-terms" values={values} />
          </section>
        </TabPanel>
        <TabPanel id="privacy" className="pt-8">
          <LegalDocument name="privacy-policy" />
        </TabPanel>
      </Tabs>
    </div>
  );
}
