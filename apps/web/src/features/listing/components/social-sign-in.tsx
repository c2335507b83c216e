/**
 * Social sign-in buttons of the address step (spec 000 §7 'Other': 'Social sign-in through three providers supplies
 * name and email'; shown only when a provider is configured). Each configured provider's SDK is loaded
 * when the buttons appear; a credential is checked by the server (`verifySocialSignIn`) and its name and e-mail
 * handed to the form. Every attempt starts with a single-use nonce from the server (`startSocialSignIn`), handed
 * to the SDK before its popup can open and sent back with the credential, so a token cannot be replayed. A cancelled popup or a refused credential is only logged, never shown (spec: 'a rejection is
 * only logged'), and the user simply types the details instead.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '@/components/cx';
import { Spinner } from '@/components/spinner';
import { errorCode } from '@/lib/errors';
import {
  useStartSocialSignIn,
  useVerifySocialSignIn,
  type AppleUserName,
  type SocialSignInProvider,
  type SocialSignInProviderInfo,
} from '@/features/listing/api/social-sign-in';
import {
  prepareApple,
  prepareFacebook,
  renderGoogleButton,
  signInWithApple,
  signInWithFacebook,
  SocialSignInCancelled,
} from '@/features/listing/lib/social-sdks';

export interface SocialSignInResult {
  provider: SocialSignInProvider;
  name: string | null;
  email: string | null;
}

interface SocialSignInProps {
  providers: SocialSignInProviderInfo[];
  /** Makes sure a session exists (a visitor becomes a ghost user); false when it could not. */
  ensureSession: () => Promise<boolean>;
  onSignedIn: (result: SocialSignInResult) => void;
}

const PROVIDER_NAMES: Record<SocialSignInProvider, string> = { GOOGLE: 'Google', APPLE: 'Apple', FACEBOOK: 'Facebook' };

type SdkState = 'loading' | 'ready' | 'failed';

const logRejection = (provider: SocialSignInProvider, detail: unknown) =>
  console.warn('[listwise] social sign-in not completed', provider, detail);

export function SocialSignIn({ providers, ensureSession, onSignedIn }: SocialSignInProps) {
  const [, startSocialSignIn] = useStartSocialSignIn();
  const [, verifySocialSignIn] = useVerifySocialSignIn();
  // The nonce of each provider's attempt in progress: taken by the sign-in that uses it, then a new one is started.
  const nonces = useRef<Partial<Record<SocialSignInProvider, string>>>({});
  const [busyProvider, setBusyProvider] = useState<SocialSignInProvider | null>(null);
  const [signedInWith, setSignedInWith] = useState<SocialSignInProvider | null>(null);
  const isBusy = useRef(false);
  const [sdkStates, setSdkStates] = useState<Partial<Record<SocialSignInProvider, SdkState>>>({});
  const googleContainer = useRef<HTMLDivElement>(null);

  /** A new attempt: the server's nonce, handed to the SDK (Google and Apple sign it into their ID token). */
  const startAttempt = async (provider: SocialSignInProvider) => {
    const clientId = providers.find((p) => p.provider === provider)?.clientId;
    if (!clientId) return;
    const result = await startSocialSignIn({ provider });
    const nonce = result.data?.startSocialSignIn.nonce;
    if (!nonce) throw new Error(`no sign-in attempt: ${errorCode(result.error) ?? 'no answer'}`);
    if (provider === 'GOOGLE') {
      await renderGoogleButton(googleContainer.current!, clientId, nonce, (credential) => void completeRef.current('GOOGLE', credential));
    } else if (provider === 'APPLE') await prepareApple(clientId, nonce);
    else await prepareFacebook(clientId);
    nonces.current[provider] = nonce;
  };

  const complete = async (provider: SocialSignInProvider, credential: string, appleUser?: AppleUserName | null) => {
    if (isBusy.current) return;
    const nonce = nonces.current[provider];
    if (!nonce) return logRejection(provider, 'no sign-in attempt started');
    delete nonces.current[provider];
    isBusy.current = true;
    setBusyProvider(provider);
    try {
      if (!(await ensureSession())) return logRejection(provider, 'no session');
      const result = await verifySocialSignIn({ provider, credential, nonce, appleUser: appleUser ?? null });
      if (result.error || !result.data) return logRejection(provider, errorCode(result.error) ?? result.error);
      const { name, email } = result.data.verifySocialSignIn;
      setSignedInWith(provider);
      onSignedIn({ provider, name, email });
    } finally {
      isBusy.current = false;
      setBusyProvider(null);
      // The nonce is spent either way: ready the next attempt (another click).
      startAttemptRef.current(provider).catch((error: unknown) => logRejection(provider, error));
    }
  };
  // The latest functions for SDK callbacks and effects registered once.
  const completeRef = useRef(complete);
  const startAttemptRef = useRef(startAttempt);
  useLayoutEffect(() => {
    completeRef.current = complete;
    startAttemptRef.current = startAttempt;
  });

  const providerKey = providers.map((p) => `${p.provider}:${p.clientId}`).join(',');
  useEffect(() => {
    let isCurrent = true;
    const mark = (provider: SocialSignInProvider, state: SdkState) => isCurrent && setSdkStates((s) => ({ ...s, [provider]: state }));
    for (const { provider } of providers) {
      mark(provider, 'loading');
      startAttemptRef.current(provider).then(
        () => mark(provider, 'ready'),
        (error: unknown) => {
          // Blocked by the browser or an extension: the button goes away and the form still works.
          logRejection(provider, error);
          mark(provider, 'failed');
        },
      );
    }
    return () => {
      isCurrent = false;
    };
    // providerKey stands for `providers`, whose array identity changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [providerKey]);

  // The popup opens straight from the click (the SDK is already loaded), so popup blockers let it through.
  const onAppleClick = () => {
    if (isBusy.current) return;
    signInWithApple().then(
      ({ credential, appleUser }) => completeRef.current('APPLE', credential, appleUser),
      (error: unknown) => logRejection('APPLE', error instanceof SocialSignInCancelled ? error.detail : error),
    );
  };
  const onFacebookClick = () => {
    if (isBusy.current) return;
    signInWithFacebook().then(
      (credential) => completeRef.current('FACEBOOK', credential),
      (error: unknown) => logRejection('FACEBOOK', error instanceof SocialSignInCancelled ? error.detail : error),
    );
  };

  const visible = providers.filter((p) => sdkStates[p.provider] !== 'failed');
  if (!visible.length) return null;

  return (
    <div role="group" aria-labelledby="social-sign-in-heading" className="flex flex-col gap-3">
      <p id="social-sign-in-heading" className="text-base font-semibold text-ink">
        Fill in your details with
      </p>
      <div className="flex w-full max-w-[400px] flex-col gap-3">
        {providers.map(({ provider }) => {
          const state = sdkStates[provider] ?? 'loading';
          if (state === 'failed') return null;
          if (provider === 'GOOGLE') {
            // Google's rules want its own button: Identity Services renders 'Continue with Google' here.
            return <div key={provider} ref={googleContainer} data-testid="google-sign-in" className="min-h-11 w-full" />;
          }
          const label = `Continue with ${PROVIDER_NAMES[provider]}`;
          return (
            <button
              key={provider}
              type="button"
              disabled={state !== 'ready' || busyProvider !== null}
              onClick={provider === 'APPLE' ? onAppleClick : onFacebookClick}
              className={cx(
                'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors',
                'disabled:cursor-not-allowed disabled:opacity-60',
                provider === 'APPLE' ? 'bg-black text-white hover:bg-neutral-800' : 'bg-[#0866FF] text-white hover:bg-[#0756d6]',
              )}
            >
              {busyProvider === provider && <Spinner label={null} size="sm" />}
              {label}
            </button>
          );
        })}
      </div>
      <p role="status" className="text-sm text-ink-soft">
        {busyProvider
          ? `Signing in with ${PROVIDER_NAMES[busyProvider]}…`
          : signedInWith
            ? `Signed in with ${PROVIDER_NAMES[signedInWith]}. Check your name and email below.`
            : ''}
      </p>
    </div>
  );
}
