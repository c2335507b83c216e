/**
 * The three providers' browser SDKs, loaded only when the address step shows their buttons
 * (docs/decisions/0012-social-sign-in.md). Each adapter answers what the server's `verifySocialSignIn` needs:
 * a Google or Apple ID token, or a Facebook access token. A cancelled or refused sign-in rejects with
 * `SocialSignInCancelled`; the page only logs it (spec 000 §7: 'a rejection is only logged').
 */
import type { AppleUserName } from '@/features/listing/api/social-sign-in';

interface GoogleIdentity {
  initialize(config: {
    client_id: string;
    nonce?: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    itp_support?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}

interface AppleSignInAnswer {
  authorization?: { id_token?: string };
  user?: { name?: AppleUserName; email?: string };
}

interface AppleAuth {
  init(config: { clientId: string; scope: string; redirectURI: string; usePopup: boolean; nonce?: string }): void;
  signIn(): Promise<AppleSignInAnswer>;
}

interface FacebookSdk {
  init(config: { appId: string; version: string; xfbml: boolean; cookie: boolean }): void;
  login(
    callback: (response: { status?: string; authResponse?: { accessToken?: string } | null }) => void,
    options: { scope: string },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
    AppleID?: { auth?: AppleAuth };
    FB?: FacebookSdk;
  }
}

export const SDK_URLS = {
  GOOGLE: 'https://accounts.google.com/gsi/client',
  APPLE: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
  FACEBOOK: 'https://connect.facebook.net/en_US/sdk.js',
} as const;

/** Graph API version the Facebook SDK speaks; the server's FACEBOOK_GRAPH_URL default uses the same. */
const FACEBOOK_GRAPH_VERSION = 'v21.0';

export class SocialSignInCancelled extends Error {
  constructor(readonly detail: unknown) {
    super('social sign-in cancelled or refused');
    this.name = 'SocialSignInCancelled';
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds the SDK's script once; an SDK already on the page (loaded before, or a test's stand-in) is used as it is. */
function loadScript(src: string, isLoaded: () => boolean): Promise<void> {
  if (isLoaded()) return Promise.resolve();
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (isLoaded() ? resolve() : reject(new Error(`${src} loaded without its SDK`)));
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`${src} did not load`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/**
 * Google Identity Services: its own 'Continue with Google' button (Google's branding rules), rendered into `parent`,
 * set up for one attempt: Google signs `nonce` (the server's, from startSocialSignIn) into the ID token.
 */
export async function renderGoogleButton(parent: HTMLElement, clientId: string, nonce: string, onCredential: (credential: string) => void) {
  await loadScript(SDK_URLS.GOOGLE, () => !!window.google?.accounts?.id);
  const identity = window.google!.accounts!.id!;
  identity.initialize({
    client_id: clientId,
    nonce,
    ux_mode: 'popup',
    auto_select: false,
    itp_support: true,
    callback: (response) => {
      if (response.credential) onCredential(response.credential);
      else console.warn('[listwise] Google sign-in answered without a credential');
    },
  });
  identity.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: 'continue_with',
    shape: 'rectangular',
    logo_alignment: 'left',
    locale: 'en_AU',
    width: Math.max(200, Math.min(400, Math.round(parent.getBoundingClientRect().width) || 320)),
  });
}

// Facebook's SDK object is initialised once per app id (a reloaded SDK is a new object and starts over).
const initialised = new WeakMap<object, string>();

/** Sets Sign in with Apple up for one attempt: Apple signs `nonce` (the server's) into the ID token. */
export async function prepareApple(clientId: string, nonce: string): Promise<void> {
  await loadScript(SDK_URLS.APPLE, () => !!window.AppleID?.auth);
  // Popup mode answers in the page; the redirect URI still has to be registered for the services id.
  window.AppleID!.auth!.init({
    clientId,
    scope: 'name email',
    redirectURI: `${window.location.origin}/new-property/address`,
    usePopup: true,
    nonce,
  });
}

/** Opens Apple's popup; call straight from the click (popup blockers), after `prepareApple`. */
export async function signInWithApple(): Promise<{ credential: string; appleUser: AppleUserName | null }> {
  let answer: AppleSignInAnswer;
  try {
    answer = await window.AppleID!.auth!.signIn();
  } catch (error) {
    throw new SocialSignInCancelled(error); // { error: 'popup_closed_by_user' } and friends
  }
  const credential = answer.authorization?.id_token;
  if (!credential) throw new SocialSignInCancelled(answer);
  const name = answer.user?.name;
  return { credential, appleUser: name ? { firstName: name.firstName ?? null, lastName: name.lastName ?? null } : null };
}

export async function prepareFacebook(appId: string): Promise<void> {
  await loadScript(SDK_URLS.FACEBOOK, () => !!window.FB);
  const sdk = window.FB!;
  if (initialised.get(sdk) === appId) return;
  sdk.init({ appId, version: FACEBOOK_GRAPH_VERSION, xfbml: false, cookie: false });
  initialised.set(sdk, appId);
}

/** Opens Facebook's login popup; call straight from the click, after `prepareFacebook`. */
export function signInWithFacebook(): Promise<string> {
  return new Promise((resolve, reject) => {
    window.FB!.login(
      (response) => {
        const token = response.status === 'connected' ? response.authResponse?.accessToken : undefined;
        if (token) resolve(token);
        else reject(new SocialSignInCancelled(response));
      },
      { scope: 'public_profile,email' },
    );
  });
}
