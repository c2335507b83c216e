/**
 * /new-property/address — step 1 of 6, open to everyone (spec 001 §2, §5). The address (from the suggestions or the
 * manual modal) and an optional unit number; a visitor, ghost user or seller whose e-mail is not verified yet also
 * gives name, e-mail and the terms acceptance. A visitor without a session becomes a ghost user on submit. The page
 * pre-fills from an encrypted hash in the URL (docs/listing-prefill.md), or from an address typed on the homepage
 * (lib/handed-address.ts). A signed-in agent or admin is sent to /. `?suburb={id}` (the public suburb pages' call to
 * action) starts the listing in that suburb: the suggestions are looked for there and the manual modal
 * opens with it. As soon as the suburb is known the step says how many agents serve it (SuburbAgentsNote).
 * Where the server has social sign-in providers configured, their buttons fill in name and e-mail
 * (docs/decisions/0012-social-sign-in.md); a provider-verified e-mail goes along as `socialEmail`.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useClient } from 'urql';
import type { ChosenAddress } from '@listwise/domain/listing-address';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { TextLink, textLinkClasses } from '@/components/text-link';
import { authStore, isSignedIn, useAuth } from '@/lib/auth-store';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';
import { errorCode, errorMessage } from '@/lib/errors';
import { forgetHandedAddress, handedAddressFrom, storedHandedAddress } from '@/lib/handed-address';
import { useCreateGhostUser, useUpdateUserDetails } from '@/features/listing/api/account';
import { ListingPrefillQuery, SearchAddressesQuery, type AddressSuggestion } from '@/features/listing/api/address-search';
import {
  useCurrentDraftProperty,
  useStartNewDraftProperty,
  useUpdatePropertyDetails,
  type DraftProperty,
} from '@/features/listing/api/draft-property';
import { useSocialSignInProviders } from '@/features/listing/api/social-sign-in';
import { AddressSearchField } from '@/features/listing/components/address-search-field';
import { SuburbAgentsNote } from '@/features/listing/components/suburb-agents-note';
import { useSuburbAgents } from '@/features/listing/api/suburb-agents';
import { suburbLabel } from '@listwise/domain/address-line';
import { FieldError } from '@/components/field-error';
import { SocialSignIn, type SocialSignInResult } from '@/features/listing/components/social-sign-in';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { toastAccountError } from '@/features/listing/lib/account-errors';
import { suggestionForHandedAddress } from '@/features/listing/lib/handed-address';
import { needsContactDetails, WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';
import {
  addressStepResolver,
  chosenFromDraft,
  chosenFromSuggestion,
  preloadAddressStepRules,
  type FormValues,
  type ManualEntry,
} from '@/features/listing/lib/address-step-form';
import { lazyOrReload } from '@/lib/new-release';
import { CollectionNotice } from '@/components/collection-notice';

/**
 * The 'Enter address manually' modal opens on demand, so its dialog (React Aria's modal, overlay and focus
 * modules) and the suburb search load only then: on the first hover, focus or press of its trigger, or when a
 * suburb-only suggestion opens it (the address step is a visitor's first page on a phone).
 */
const loadManualAddressDialog = () => import('@/features/listing/components/manual-address-dialog');
const ManualAddressDialog = lazyOrReload(() => loadManualAddressDialog().then((module) => ({ default: module.ManualAddressDialog })));
const preloadManualAddressDialog = () => void loadManualAddressDialog();

/** The e-mail field's error type when the e-mail already has an account. */
const EMAIL_IN_USE = 'emailInUse';

/** Under the e-mail field when it already has an account: log in (coming back to this step), or reset the password. */
function KnownEmailHelp() {
  return (
    <p className="-mt-3 text-sm text-ink">
      This e-mail already has a Listwise account.{' '}
      <TextLink to={`/login?from=${encodeURIComponent(WIZARD_PATHS.address)}`}>Log in instead</TextLink>, or{' '}
      <TextLink to="/reset-password">reset your password</TextLink> if you have forgotten it.
    </p>
  );
}

export default function AddressRoute() {
  const auth = useAuth();
  // Decided once: a visitor who becomes a ghost user while submitting keeps this form on screen.
  const [wasSignedIn] = useState(() => isSignedIn(authStore.getState()));
  const isSeller = isSignedIn(auth, 'SELLER');
  const [{ data: meData }] = useCurrentUser();
  // A seller who must accept newer terms first is served nothing else (terms_not_accepted): the draft waits.
  const mustAcceptTerms = !!meData?.me?.mustAcceptTerms;
  const [{ data: draftData }] = useCurrentDraftProperty(!wasSignedIn || !isSeller || mustAcceptTerms);

  if (isSignedIn(auth) && auth.userType !== 'SELLER') return <Navigate to="/" replace />;
  if (!wasSignedIn) return <AddressForm me={null} draft={null} />;
  // This step is public, so no shell or guard asks for the terms: the signed-in home does, and lists a property after.
  if (mustAcceptTerms) return <Navigate to="/" replace />;
  if (!meData?.me || !draftData) return <PageSpinner />;
  return <AddressForm me={meData.me} draft={draftData.currentDraftProperty} />;
}

function AddressForm({ me, draft }: { me: CurrentUser | null; draft: DraftProperty | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useClient();
  const needsContact = needsContactDetails(me);
  const [, createGhostUser] = useCreateGhostUser();
  const [, updateUserDetails] = useUpdateUserDetails();
  const [, startNewDraftProperty] = useStartNewDraftProperty();
  const [, updatePropertyDetails] = useUpdatePropertyDetails();
  const [serverError, setServerError] = useState<string | null>(null);
  // An address typed on the homepage, read once: it stands in the search box until it is looked up.
  const [handedAddress] = useState(() => handedAddressFrom(location.state) ?? storedHandedAddress());
  useEffect(forgetHandedAddress, []);
  // The suburb a public suburb page sent the visitor with (ignored once the draft has an address of its own).
  const [searchParams] = useSearchParams();
  const suburbParam = searchParams.get('suburb');
  const linkedSuburbId = suburbParam && /^\d{1,9}$/.test(suburbParam) && !chosenFromDraft(draft) ? suburbParam : null;
  const [{ data: linkedData }] = useSuburbAgents(linkedSuburbId);
  const linkedSuburb = linkedData?.suburbs.find((s) => s.id === linkedSuburbId) ?? null;
  const [inputValue, setInputValue] = useState(() => handedAddress ?? chosenFromDraft(draft)?.description ?? '');
  const [manual, setManual] = useState<ManualEntry | null>(null);
  const [hasOpenedManual, setHasOpenedManual] = useState(false);
  const openManual = (entry: ManualEntry) => {
    setHasOpenedManual(true);
    setManual(entry);
  };
  const [{ data: providersData }] = useSocialSignInProviders(!needsContact);
  const socialProviders = needsContact ? (providersData?.socialSignInProviders ?? []) : [];
  // The e-mail a provider vouched for; sent as socialEmail so the server can skip the verification link.
  const [socialEmail, setSocialEmail] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: addressStepResolver(needsContact),
    mode: 'onTouched',
    defaultValues: {
      address: handedAddress ? null : chosenFromDraft(draft),
      unitNumber: draft?.unitNumber ?? '',
      name: me?.sellerProfile?.name ?? '',
      email: me?.email ?? '',
      isPrivacyPolicyAccepted: me?.sellerProfile?.isPrivacyPolicyAccepted ?? false,
    },
  });

  const chosenAddress = useWatch({ control, name: 'address' });
  const knownSuburbId = chosenAddress?.suburbId ?? linkedSuburb?.id ?? null;

  const choose = (address: ChosenAddress, unitNumber?: string | null) => {
    setValue('address', address, { shouldValidate: true });
    setInputValue(address.description);
    if (unitNumber) setValue('unitNumber', unitNumber);
  };

  const onSuggestion = (suggestion: AddressSuggestion) => {
    if (!suggestion.streetName) {
      openManual({ suburb: suggestion.suburb, street: '' });
      return;
    }
    choose(chosenFromSuggestion(suggestion), suggestion.unitNumber);
  };

  // Pre-fill from the encrypted hash of a prefill link, once.
  const prefillHash = location.hash.replace(/^#/, '');
  const hasPrefilled = useRef(false);
  useEffect(() => {
    if (!prefillHash || hasPrefilled.current) return;
    hasPrefilled.current = true;
    void client
      .query(ListingPrefillQuery, { hash: prefillHash }, { requestPolicy: 'network-only' })
      .toPromise()
      .then(({ data }) => {
        const prefill = data?.listingPrefill;
        if (!prefill) return;
        if (prefill.addressSuggestion?.streetName)
          choose(chosenFromSuggestion(prefill.addressSuggestion), prefill.addressSuggestion.unitNumber);
        else if (prefill.address) setInputValue(prefill.address);
        if (needsContact) {
          if (prefill.name) setValue('name', prefill.name);
          if (prefill.email) setValue('email', prefill.email);
          if (prefill.consent) setValue('isPrivacyPolicyAccepted', true);
        }
      });
    // choose/setValue are stable for this form; the hash is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillHash, client]);

  // Look up the handed address once: a suggestion that plainly matches it is chosen (the seller can change it);
  // otherwise the text stays in the box and the suggestions open when the seller goes to it.
  const hasLookedUpHanded = useRef(false);
  useEffect(() => {
    if (!handedAddress || prefillHash || hasLookedUpHanded.current) return;
    hasLookedUpHanded.current = true;
    // Forget it in the history entry, so going back or reloading does not bring it back over later edits.
    navigate(location.pathname, { replace: true, state: null });
    void client
      .query(SearchAddressesQuery, { query: handedAddress })
      .toPromise()
      .then(({ data }) => {
        const match = suggestionForHandedAddress(handedAddress, data?.searchAddresses ?? []);
        if (match) choose(chosenFromSuggestion(match), match.unitNumber);
      });
    // choose is stable for this form; the handed address is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handedAddress, prefillHash, client]);

  /** A visitor without a session becomes a ghost user (on submit, or when a social sign-in succeeds). */
  const ensureSession = async (): Promise<boolean> => {
    if (authStore.getState().token) return true;
    const ghost = await createGhostUser({});
    if (ghost.error || !ghost.data) {
      setServerError(errorMessage(ghost.error));
      return false;
    }
    const { token, user } = ghost.data.createGhostUser;
    authStore.completeLogin({ token, userType: user.userType, isGhostUser: user.isGhostUser });
    return true;
  };

  const onSocialSignIn = ({ name, email }: SocialSignInResult) => {
    if (name) setValue('name', name, { shouldValidate: true });
    if (email) setValue('email', email, { shouldValidate: true });
    setSocialEmail(email);
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const address = values.address!;
    if (!(await ensureSession())) return;
    if (needsContact) {
      const details = await updateUserDetails({
        name: values.name.trim(),
        email: values.email.trim(),
        // The server trusts it only when it is the e-mail being saved and a provider vouched for it.
        ...(socialEmail && { socialEmail }),
        isPrivacyPolicyAccepted: values.isPrivacyPolicyAccepted,
        nextPage: WIZARD_PATHS.details,
      });
      if (errorCode(details.error) === 'email_is_already_in_use') {
        // Said where the e-mail is, with the ways forward, not only in a passing toast.
        setError('email', { type: EMAIL_IN_USE, message: ERROR_MESSAGES.email_is_already_in_use }, { shouldFocus: true });
        return;
      }
      if (details.error) {
        toastAccountError(details.error);
        return;
      }
    }
    const addressFields = {
      suburbId: address.suburbId,
      streetName: address.streetName,
      streetNumber: address.streetNumber,
      unitNumber: values.unitNumber.trim() || null,
    };
    const saved = draft
      ? await updatePropertyDetails({ propertyId: draft.id, propertyDetails: addressFields })
      : await startNewDraftProperty(addressFields);
    if (saved.error) {
      setServerError(errorMessage(saved.error));
      return;
    }
    if (!needsContact) await updateUserDetails({ nextPage: WIZARD_PATHS.details });
    navigate(WIZARD_PATHS.details);
  });

  return (
    <WizardPage
      step="address"
      title="Property Address"
      description="Tell us where the property is. Up to 5 local agents can then appraise it."
    >
      <form onSubmit={onSubmit} onFocus={preloadAddressStepRules} noValidate className="flex flex-col gap-6">
        <p className="rounded-lg bg-surface px-4 py-3 text-sm text-ink">
          Fields marked <span className="text-danger">*</span> are required.
        </p>
        <div className="flex flex-col gap-2">
          <Controller
            control={control}
            name="address"
            render={({ field, fieldState }) => (
              <AddressSearchField
                onBlur={field.onBlur}
                label="Address"
                required
                inputValue={inputValue}
                onInputChange={(value) => {
                  setInputValue(value);
                  setValue('address', null);
                }}
                onSelect={onSuggestion}
                suburbHint={linkedSuburb && !chosenAddress ? suburbLabel(linkedSuburb) : undefined}
                error={fieldState.error?.message}
              />
            )}
          />
          <button
            type="button"
            className={`${textLinkClasses} self-start text-sm`}
            onPointerEnter={preloadManualAddressDialog}
            onFocus={preloadManualAddressDialog}
            onClick={() => openManual({ suburb: linkedSuburb && !chosenAddress ? linkedSuburb : null, street: '' })}
          >
            Can't find your address? Enter it manually
          </button>
        </div>
        <SuburbAgentsNote suburbId={knownSuburbId} />
        <TextField label="Unit number (optional)" autoComplete="off" error={errors.unitNumber?.message} {...register('unitNumber')} />

        {needsContact && (
          <>
            {socialProviders.length > 0 && (
              <SocialSignIn providers={socialProviders} ensureSession={ensureSession} onSignedIn={onSocialSignIn} />
            )}
            <TextField label="Your name" required autoComplete="name" maxLength={196} error={errors.name?.message} {...register('name')} />
            <TextField
              label="Email address"
              type="email"
              required
              autoComplete="email"
              maxLength={196}
              error={errors.email?.message}
              {...register('email')}
            />
            {errors.email?.type === EMAIL_IN_USE && <KnownEmailHelp />}
            <div className="flex flex-col gap-1.5">
              <label className="flex items-start gap-3 text-base text-ink">
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-brand-800"
                  aria-invalid={errors.isPrivacyPolicyAccepted ? true : undefined}
                  aria-describedby={errors.isPrivacyPolicyAccepted ? 'privacy-error' : undefined}
                  {...register('isPrivacyPolicyAccepted')}
                />
                <span>
                  I agree to the{' '}
                  <a href="/terms-and-conditions?tab=terms" target="_blank" rel="noreferrer" className={textLinkClasses}>
                    terms &amp; conditions
                  </a>{' '}
                  and{' '}
                  <a href="/terms-and-conditions?tab=privacy" target="_blank" rel="noreferrer" className={textLinkClasses}>
                    privacy policy
                  </a>
                </span>
              </label>
              <FieldError id="privacy-error" message={errors.isPrivacyPolicyAccepted?.message} />
            </div>
            <CollectionNotice purpose="listing" />
          </>
        )}

        <FormError message={serverError} />
        <WizardFooter isSubmitting={isSubmitting} />
      </form>
      {/* Mounted from its first opening on, so it closes (and hands focus back) as a mounted modal does. */}
      {hasOpenedManual && (
        <Suspense fallback={null}>
          <ManualAddressDialog
            isOpen={!!manual}
            onOpenChange={(isOpen) => !isOpen && setManual(null)}
            initialSuburb={manual?.suburb ?? null}
            initialStreet={manual?.street ?? ''}
            onConfirm={(address) => {
              setManual(null);
              choose(address);
            }}
          />
        </Suspense>
      )}
    </WizardPage>
  );
}
