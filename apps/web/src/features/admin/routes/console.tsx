/**
 * /admin: the operators' console (PRODUCT.md 'Roles'), for ADMIN users only (the route guard shows everyone else
 * the not-found page; the API answers them `forbidden`). One tab per area, kept in ?tab= so a link opens it. The
 * tab row wraps rather than scrolls, so every area's tab shows whole at any width: a scrolling row cuts labels and
 * hides the last tabs without a sign that more are there.
 */
import { useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { cx } from '@/components/cx';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSelectedTabInView } from '@/lib/use-selected-tab-in-view';
import { AgentsPanel } from '@/features/admin/agents/agents-panel';
import { AuditLogPanel } from '@/features/admin/audit-log/audit-log-panel';
import { EmailsPanel } from '@/features/admin/emails/emails-panel';
import { LicencesPanel } from '@/features/admin/licences/licences-panel';
import { LedgerPanel } from '@/features/admin/ledger/ledger-panel';
import { PayoutsPanel } from '@/features/admin/payouts/payouts-panel';
import { ReviewsPanel } from '@/features/admin/reviews/reviews-panel';
import { SalesPanel } from '@/features/admin/sales/sales-panel';
import { SettingsPanel } from '@/features/admin/settings/settings-panel';
import { SuburbsPanel } from '@/features/admin/suburbs/suburbs-panel';
import { VerificationPanel } from '@/features/admin/verification/verification-panel';

const TABS = [
  { id: 'verification', label: 'Verification', Panel: VerificationPanel },
  { id: 'licences', label: 'Licences', Panel: LicencesPanel },
  { id: 'reviews', label: 'Reviews', Panel: ReviewsPanel },
  { id: 'sales', label: 'Sales', Panel: SalesPanel },
  { id: 'payouts', label: 'Payouts', Panel: PayoutsPanel },
  { id: 'ledger', label: 'Ledger', Panel: LedgerPanel },
  { id: 'agents', label: 'Agents', Panel: AgentsPanel },
  { id: 'suburbs', label: 'Suburbs', Panel: SuburbsPanel },
  { id: 'settings', label: 'Settings', Panel: SettingsPanel },
  { id: 'emails', label: 'E-mails', Panel: EmailsPanel },
  { id: 'audit-log', label: 'Audit log', Panel: AuditLogPanel },
] as const;

type TabId = (typeof TABS)[number]['id'];

const tabClass = ({ isSelected }: { isSelected: boolean }) =>
  cx(
    '-mb-px shrink-0 cursor-pointer rounded-t-md border-b-3 px-3 py-3 text-base font-semibold whitespace-nowrap transition-colors md:px-4',
    isSelected ? 'border-brand-800 text-brand-900' : 'border-transparent text-ink-soft hover:text-ink',
  );

export default function AdminConsole() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'verification';
  useDocumentTitle('Operator console');
  const tabListRef = useSelectedTabInView(tab);

  const onSelectionChange = (key: Key) => setSearchParams({ tab: String(key) }, { replace: true, preventScrollReset: true });

  return (
    <div className="mx-auto w-full max-w-page-header">
      <PageHeader
        title="Operator console"
        description="Verify listings and licences, moderate reviews, settle sales, cashback and payouts, and manage agents, suburbs and settings."
      />
      <Tabs selectedKey={tab} onSelectionChange={onSelectionChange}>
        <TabList ref={tabListRef} aria-label="Console areas" className="relative mb-6 flex flex-wrap gap-x-1 border-b border-line">
          {TABS.map((t) => (
            <Tab key={t.id} id={t.id} className={tabClass}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map(({ id, Panel }) => (
          <TabPanel key={id} id={id} className="outline-none">
            <Panel />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
