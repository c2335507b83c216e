/**
 * /agent/profile-settings/?tab=details|profile|suburbs|billing|notifications (spec 000 'Agent profile settings', plus Billing from
 * charges and tax invoices): details by default. `isModalOpen=true` on the suburbs tab opens the Add New Suburb wizard (the agent home's banner links there).
 */
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { cx } from '@/components/cx';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { AgentProfileQuery, type AgentProfileUser } from '@/components/agent-profile/agent-profile-api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSelectedTabInView } from '@/lib/use-selected-tab-in-view';
import { LicenceForm } from '@/components/agent-profile/licence-form';
import { YourDataSection } from '@/components/privacy/your-data-section';
import { AgentProfileTab } from '@/features/agent-settings/components/agent-profile-tab';
import { BillingTab } from '@/features/agent-settings/components/billing-tab';
import { PublicProfileSection } from '@/features/agent-settings/components/public-profile-section';
import { SettingsSection } from '@/features/agent-settings/components/settings-section';
import { DetailsTab } from '@/features/agent-settings/components/details-tab';
import { EmailPreferencesSection } from '@/components/account/email-preferences';
import { PushNotificationsSection } from '@/components/account/push-notifications';
import { SuburbsTab } from '@/features/agent-settings/components/suburbs-tab';

type SettingsTab = 'details' | 'profile' | 'suburbs' | 'billing' | 'notifications';
const TABS: SettingsTab[] = ['details', 'profile', 'suburbs', 'billing', 'notifications'];

const tabClass = ({ isSelected }: { isSelected: boolean }) =>
  cx(
    '-mb-px cursor-pointer rounded-t-md border-b-3 px-3 py-3 text-[0.95rem] font-semibold whitespace-nowrap transition-colors md:px-4 md:text-base',
    isSelected ? 'border-brand-800 text-brand-900' : 'border-transparent text-ink-soft hover:text-ink',
  );

/** Changes when a profile field the public profile depends on is saved (the section then reads its state again). */
const profileKey = (me: AgentProfileUser | null | undefined) => {
  const p = me?.agentProfile;
  return p ? [p.name, p.bio, p.agencyName, p.agencyBio, p.profilePicture?.id, p.agencyLogo?.id].join('|') : '';
};

export default function AgentProfileSettingsRoute() {
  useDocumentTitle('Profile Settings');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab') as SettingsTab | null;
  const tab: SettingsTab = requested && TABS.includes(requested) ? requested : 'details';
  const [{ data }] = useQuery({ query: AgentProfileQuery, requestPolicy: 'cache-and-network' });
  const me = data?.me;
  const tabListRef = useSelectedTabInView(tab);

  const onSelectionChange = (key: Key) => setSearchParams({ tab: String(key) }, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader title="Profile Settings" />
      <div className="mx-auto w-full max-w-page-header">
        <Tabs selectedKey={tab} onSelectionChange={onSelectionChange}>
          <TabList ref={tabListRef} aria-label="Profile settings" className="flex gap-1 overflow-x-auto border-b border-slate-300">
            <Tab id="details" className={tabClass}>
              Details
            </Tab>
            <Tab id="profile" className={tabClass}>
              Agent Profile
            </Tab>
            <Tab id="suburbs" className={tabClass}>
              Suburbs
            </Tab>
            <Tab id="billing" className={tabClass}>
              Billing
            </Tab>
            <Tab id="notifications" className={tabClass}>
              Notifications
            </Tab>
          </TabList>
          <TabPanel id="details" className="pt-8">
            {me ? <DetailsTab me={me} /> : <PageSpinner />}
            <div className="mt-8">
              <EmailPreferencesSection />
            </div>
            {me && (
              <div className="mt-8">
                <YourDataSection me={me} />
              </div>
            )}
          </TabPanel>
          <TabPanel id="profile" className="pt-8">
            {me ? <AgentProfileTab me={me} /> : <PageSpinner />}
            <div className="mt-8">
              <PublicProfileSection profileKey={profileKey(me)} />
            </div>
            <div className="mt-8">
              <SettingsSection title="Real estate licence">
                <LicenceForm />
              </SettingsSection>
            </div>
          </TabPanel>
          <TabPanel id="suburbs" className="pt-8">
            {me ? <SuburbsTab me={me} /> : <PageSpinner />}
          </TabPanel>
          <TabPanel id="billing" className="pt-8">
            <BillingTab />
          </TabPanel>
          <TabPanel id="notifications" className="pt-8">
            <PushNotificationsSection />
          </TabPanel>
        </Tabs>
      </div>
    </>
  );
}
