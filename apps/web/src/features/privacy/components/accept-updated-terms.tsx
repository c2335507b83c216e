/**
 * Shown instead of any signed-in page while a newer version of the terms and privacy policy is in force than the
 * user accepted (`me.mustAcceptTerms`): the user reads what changed (`me.termsChanges`, a short list per version since
 * the one they accepted), accepts, and goes on where they were
 * going, or logs out. Nothing else of the app is reachable until they accept.
 */
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { textLinkClasses } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptTerms, useCurrentTermsVersion } from '@/features/privacy/api/terms';

export function AcceptUpdatedTerms() {
  useDocumentTitle('Updated terms and privacy policy');
  const [{ data, error: loadError }, reload] = useCurrentTermsVersion();
  const [{ fetching }, acceptTerms] = useAcceptTerms();
  const [isChecked, setIsChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const version = data?.currentTermsVersion;
  const changes = data?.me?.termsChanges ?? [];

  if (!version) {
    if (loadError) {
      return (
        <div className="flex flex-col items-start gap-4 py-10">
          <p className="text-ink-soft">{errorMessage(loadError)}</p>
          <Button width="auto" onClick={() => reload({ requestPolicy: 'network-only' })}>
            Try again
          </Button>
        </div>
      );
    }
    return <PageSpinner />;
  }

  const accept = async () => {
    setError(null);
    if (!isChecked) {
      setError('Please tick the box to accept the updated terms and privacy policy.');
      return;
    }
    const result = await acceptTerms({ version });
    if (result.error) {
      // A newer version was published while this page was open: show that one.
      if (errorCode(result.error) === 'terms_version_outdated') reload({ requestPolicy: 'network-only' });
      setError(errorMessage(result.error));
    }
  };

  return (
    <section aria-labelledby="updated-terms-title" className="mx-auto flex w-full max-w-page-header flex-col gap-5">
      <h1 id="updated-terms-title" className="text-2xl font-bold tracking-tight text-ink md:text-3xl">
        We have updated our terms and privacy policy
      </h1>
      <p className="text-base leading-7 text-ink-soft">
        Before you carry on, please read the new version ({version}) and accept it. It explains what we collect, why, who we share it with
        (the agents you choose and our payment provider), how to get a copy of your data or delete your account, and how to complain.
      </p>
      {changes.length > 0 && (
        <section aria-labelledby="terms-changes-title" className="flex flex-col gap-3 rounded-lg bg-slate-50 px-4 py-4">
          <h2 id="terms-changes-title" className="text-lg font-semibold text-ink">
            What changed
          </h2>
          {changes.map((change) => (
            <div key={change.version} className="flex flex-col gap-1">
              {changes.length > 1 && <h3 className="text-base font-semibold text-ink">Version {change.version}</h3>}
              <ul className="list-disc pl-5 text-base leading-7 text-ink-soft">
                {change.whatChanged.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      <ul className="flex flex-col gap-2 text-base">
        <li>
          <a href="/terms-and-conditions?tab=privacy" target="_blank" rel="noreferrer" className={textLinkClasses}>
            Read the privacy policy
          </a>
        </li>
        <li>
          <a href="/terms-and-conditions?tab=terms" target="_blank" rel="noreferrer" className={textLinkClasses}>
            Read the terms &amp; conditions
          </a>
        </li>
      </ul>
      <label className="flex items-start gap-3 text-base text-ink">
        <input
          type="checkbox"
          checked={isChecked}
          onChange={(event) => setIsChecked(event.target.checked)}
          className="mt-1 size-5 shrink-0 accent-brand-800"
        />
        <span>I have read and accept the terms &amp; conditions and the privacy policy (version {version}).</span>
      </label>
      <FormError message={error} />
      <div className="flex flex-col gap-3 md:flex-row">
        <Button onClick={accept} isLoading={fetching}>
          Accept and continue
        </Button>
        <ButtonLink to="/logout" variant="secondary">
          Log out
        </ButtonLink>
      </div>
    </section>
  );
}
