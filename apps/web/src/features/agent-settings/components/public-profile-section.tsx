/**
 * 'Public profile' on the Agent Profile tab: the switch that shows the agent on Listwise's public suburb
 * pages and their own page at /agent/{slug}, the address of that page while it is shown, and, while it is not,
 * what keeps it off (the server's own conditions: licence not verified, no live subscription, profile incomplete).
 */
import { useEffect, useState } from 'react';
import { Switch } from 'react-aria-components';
import { cx } from '@/components/cx';
import { FormError } from '@/components/form-error';
import { TextLink, textLinkClasses } from '@/components/text-link';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  useMyPublicProfile,
  useSetAgentPublicProfileVisible,
  type PublicProfileHiddenReason,
} from '@/features/agent-settings/api/public-profile';
import { SettingsSection } from '@/features/agent-settings/components/settings-section';

/** Each reason in the agent's words, with what to do about it. */
function HiddenReason({ reason }: { reason: Exclude<PublicProfileHiddenReason, 'TURNED_OFF'> }) {
  switch (reason) {
    case 'LICENCE_NOT_VERIFIED':
      return (
        <>
          Your licence is not verified yet. Enter it under 'Real estate licence' below; an operator checks it against the state's register.
        </>
      );
    case 'NO_LIVE_SUBSCRIPTION':
      return (
        <>
          None of your suburb subscriptions is active. <TextLink to="/agent/profile-settings?tab=suburbs">Add a suburb</TextLink> to appear
          again.
        </>
      );
    case 'PROFILE_INCOMPLETE':
      return <>Your profile is missing a photo, bio, agency name, agency logo or agency bio. Fill them in above.</>;
  }
}

/**
 * `profileKey` changes when the profile above is saved, so the reasons are read again (a filled-in bio can make the
 * profile complete).
 */
export function PublicProfileSection({ profileKey }: { profileKey: string }) {
  const [{ data, error }, reexecute] = useMyPublicProfile();
  const [{ fetching: isSaving }, setVisible] = useSetAgentPublicProfileVisible();
  const [saveError, setSaveError] = useState<string | null>(null);
  useEffect(() => {
    reexecute({ requestPolicy: 'network-only' });
  }, [profileKey, reexecute]);

  const state = data?.me?.agentProfile;
  const reasons = (state?.publicProfileHiddenReasons ?? []).filter(
    (r): r is Exclude<PublicProfileHiddenReason, 'TURNED_OFF'> => r !== 'TURNED_OFF',
  );

  const onChange = async (visible: boolean) => {
    setSaveError(null);
    const result = await setVisible({ visible });
    if (result.error) {
      setSaveError(errorMessage(result.error));
      return;
    }
    showToast(visible ? 'Your public profile is turned on' : 'Your public profile is turned off', { tone: 'success' });
  };

  return (
    <SettingsSection title="Public profile">
      <p className="mb-4 max-w-prose leading-7 text-ink-soft">
        Sellers can find you before they sign up: on the pages of the suburbs you serve and on your own page, with your photo, bio, agency,
        licence check and Listwise's figures (appraisals sent in 12 months, time to appraise, track record from 3 sales). It never shows a
        seller, an address or the price of an unsold property. See{' '}
        <a className={textLinkClasses} href="/how-we-rank">
          how we rank
        </a>{' '}
        agents.
      </p>
      {!state ? (
        error ? (
          <FormError message={errorMessage(error)} />
        ) : null
      ) : (
        <div className="flex flex-col gap-4">
          <Switch
            isSelected={state.publicProfileVisible}
            isDisabled={isSaving}
            onChange={(visible) => void onChange(visible)}
            className="group flex w-fit cursor-pointer items-center gap-3 rounded-md text-base font-semibold text-ink data-[disabled]:cursor-wait"
          >
            <span
              aria-hidden="true"
              className={cx(
                'flex h-7 w-12 shrink-0 items-center rounded-full border-2 p-0.5 transition-colors',
                'border-slate-500 bg-slate-200 group-data-[selected]:border-brand-800 group-data-[selected]:bg-brand-800',
              )}
            >
              <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
            </span>
            Show my public profile
          </Switch>
          {state.publicProfileVisible && state.publicProfileUrl && (
            <p className="leading-7 text-ink">
              Your profile is public:{' '}
              <a className={cx(textLinkClasses, 'wrap-anywhere')} href={state.publicProfileUrl} target="_blank" rel="noreferrer">
                {state.publicProfileUrl.replace(/^https?:\/\//, '')}
              </a>
              <span className="sr-only"> (opens in a new tab)</span>
            </p>
          )}
          {!state.publicProfileVisible && (
            <p className="leading-7 text-ink-soft">Your profile is hidden: sellers see you only when you are offered for their property.</p>
          )}
          {reasons.length > 0 && (
            <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-ink" role="status">
              <p className="mb-2 font-semibold">
                {state.publicProfileVisible ? 'Your profile is turned on but not shown yet:' : 'Before it can be shown:'}
              </p>
              <ul className="list-disc space-y-1 pl-6 leading-7">
                {reasons.map((reason) => (
                  <li key={reason}>
                    <HiddenReason reason={reason} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          <FormError message={saveError} />
        </div>
      )}
    </SettingsSection>
  );
}
