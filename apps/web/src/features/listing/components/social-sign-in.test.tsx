// @vitest-environment happy-dom
/**
 * The address step's social sign-in buttons against stand-ins for the three providers' SDKs and a scripted API:
 * every attempt starts with a nonce from startSocialSignIn, handed to the SDK and sent back with the credential;
 * a credential goes to verifySocialSignIn after a session exists, and its name and e-mail reach the form; a
 * cancelled popup or a refused credential is only logged (spec 000 §7), never shown; an SDK that cannot load
 * takes its button away, and no SDK is fetched unless its provider is listed.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Client, makeResult, Provider, type Exchange, type Operation } from 'urql';
import { GraphQLError } from 'graphql';
import { filter, fromPromise, mergeMap, pipe } from 'wonka';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocialSignInProviderInfo } from '@/features/listing/api/social-sign-in';
import { SDK_URLS } from '@/features/listing/lib/social-sdks';
import { SocialSignIn, type SocialSignInResult } from './social-sign-in';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const verifyCalls: Record<string, unknown>[] = [];
const startedNonces: string[] = [];
let verifyAnswer: { data: unknown } | { errorCode: string } = { data: null };

const scriptedExchange: Exchange = () => (operations$) =>
  pipe(
    operations$,
    filter((op) => op.kind !== 'teardown'),
    mergeMap((op: Operation) =>
      fromPromise(
        Promise.resolve().then(() => {
          if (op.query.definitions.some((d) => 'name' in d && d.name?.value === 'StartSocialSignIn')) {
            startedNonces.push(`nonce-${startedNonces.length + 1}-${String(op.variables?.provider)}`);
            return makeResult(op, { data: { startSocialSignIn: { nonce: startedNonces.at(-1), expiresAt: '2026-11-24T00:10:00Z' } } });
          }
          verifyCalls.push(op.variables as Record<string, unknown>);
          return 'errorCode' in verifyAnswer
            ? makeResult(op, {
                data: null,
                errors: [new GraphQLError(verifyAnswer.errorCode, { extensions: { code: verifyAnswer.errorCode } })],
              })
            : makeResult(op, { data: verifyAnswer.data as Record<string, unknown> });
        }),
      ),
    ),
  );

// The SDK stand-ins record what the component asks of them.
let googleConfig: { client_id: string; nonce?: string; callback: (r: { credential?: string }) => void } | null;
let googleButtonOptions: Record<string, unknown> | null;
let appleInit: { clientId: string; usePopup: boolean; nonce?: string } | null;
let appleAnswer: () => Promise<unknown>;
let facebookInit: { appId: string } | null;
let facebookAnswer: { status: string; authResponse?: { accessToken: string } | null };

function installSdks() {
  window.google = {
    accounts: {
      id: {
        initialize: (config) => void (googleConfig = config),
        renderButton: (_parent, options) => void (googleButtonOptions = options),
      },
    },
  };
  window.AppleID = { auth: { init: (config) => void (appleInit = config), signIn: () => appleAnswer() as never } };
  window.FB = {
    init: (config) => void (facebookInit = config),
    login: (callback) => callback(facebookAnswer),
  };
}

let container: HTMLDivElement;
let root: Root;
const onSignedIn = vi.fn<(result: SocialSignInResult) => void>();
const ensureSession = vi.fn(async () => true);
let warn: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

async function render(providers: SocialSignInProviderInfo[]) {
  const client = new Client({ url: 'http://localhost/graphql', exchanges: [scriptedExchange] });
  await act(async () => {
    root.render(
      <Provider value={client}>
        <SocialSignIn providers={providers} ensureSession={ensureSession} onSignedIn={onSignedIn} />
      </Provider>,
    );
  });
  await settle();
}

const ALL: SocialSignInProviderInfo[] = [
  { provider: 'GOOGLE', clientId: 'google-client' },
  { provider: 'APPLE', clientId: 'apple-services-id' },
  { provider: 'FACEBOOK', clientId: 'fb-app' },
];
const button = (label: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
const statusText = () => container.querySelector('[role="status"]')?.textContent ?? '';

beforeEach(() => {
  verifyCalls.length = 0;
  startedNonces.length = 0;
  googleConfig = googleButtonOptions = appleInit = facebookInit = null;
  onSignedIn.mockReset();
  ensureSession.mockClear();
  warn = vi.fn<(...args: unknown[]) => void>();
  vi.spyOn(console, 'warn').mockImplementation(warn);
  installSdks();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  delete window.google;
  delete window.AppleID;
  delete window.FB;
  vi.restoreAllMocks();
});

describe('social sign-in on the address step', () => {
  it("shows Google's 'Continue with Google' button and enabled Apple and Facebook buttons, each SDK set up with its id", async () => {
    await render(ALL);
    expect(googleConfig?.client_id).toBe('google-client');
    expect(googleConfig?.nonce).toMatch(/^nonce-\d-GOOGLE$/);
    expect(appleInit?.nonce).toMatch(/^nonce-\d-APPLE$/);
    expect(googleButtonOptions).toMatchObject({ text: 'continue_with', type: 'standard' });
    expect(appleInit).toMatchObject({ clientId: 'apple-services-id', usePopup: true });
    expect(facebookInit).toMatchObject({ appId: 'fb-app' });
    expect(button('Continue with Apple')?.disabled).toBe(false);
    expect(button('Continue with Facebook')?.disabled).toBe(false);
    expect(container.querySelector('[role="group"]')?.getAttribute('aria-labelledby')).toBe('social-sign-in-heading');
  });

  it('Google: verifies the ID token after making sure of a session, then fills in name and e-mail', async () => {
    verifyAnswer = { data: { verifySocialSignIn: { name: 'Gina Google', email: 'gina@example.com' } } };
    await render(ALL);
    const nonce = googleConfig!.nonce;
    await act(async () => googleConfig!.callback({ credential: 'google-id-token' }));
    await settle();
    expect(ensureSession).toHaveBeenCalledTimes(1);
    expect(verifyCalls).toEqual([{ provider: 'GOOGLE', credential: 'google-id-token', nonce, appleUser: null }]);
    expect(onSignedIn).toHaveBeenCalledWith({ provider: 'GOOGLE', name: 'Gina Google', email: 'gina@example.com' });
    expect(statusText()).toBe('Signed in with Google. Check your name and email below.');
  });

  it("Apple: sends the ID token with the first authorisation's name", async () => {
    verifyAnswer = { data: { verifySocialSignIn: { name: 'Ada Apple', email: 'ada@privaterelay.appleid.com' } } };
    appleAnswer = async () => ({ authorization: { id_token: 'apple-id-token' }, user: { name: { firstName: 'Ada', lastName: 'Apple' } } });
    await render(ALL);
    const nonce = appleInit!.nonce;
    await act(async () => button('Continue with Apple')!.click());
    await settle();
    expect(verifyCalls).toEqual([
      { provider: 'APPLE', credential: 'apple-id-token', nonce, appleUser: { firstName: 'Ada', lastName: 'Apple' } },
    ]);
    expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'APPLE', email: 'ada@privaterelay.appleid.com' }));
  });

  it('a cancelled popup is only logged: no call, nothing filled in, nothing shown', async () => {
    facebookAnswer = { status: 'unknown', authResponse: null };
    appleAnswer = async () => Promise.reject({ error: 'popup_closed_by_user' });
    await render(ALL);
    await act(async () => button('Continue with Facebook')!.click());
    await act(async () => button('Continue with Apple')!.click());
    await settle();
    expect(verifyCalls).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('[listwise] social sign-in not completed', 'FACEBOOK', { status: 'unknown', authResponse: null });
    expect(warn).toHaveBeenCalledWith('[listwise] social sign-in not completed', 'APPLE', { error: 'popup_closed_by_user' });
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(statusText()).toBe('');
  });

  it('a credential the server refuses is only logged', async () => {
    verifyAnswer = { errorCode: 'social_sign_in_failed' };
    facebookAnswer = { status: 'connected', authResponse: { accessToken: 'fb-token' } };
    await render(ALL);
    await act(async () => button('Continue with Facebook')!.click());
    await settle();
    expect(verifyCalls).toEqual([
      { provider: 'FACEBOOK', credential: 'fb-token', nonce: expect.stringMatching(/-FACEBOOK$/), appleUser: null },
    ]);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('[listwise] social sign-in not completed', 'FACEBOOK', 'social_sign_in_failed');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('never sends a nonce twice: each attempt spends one and the SDK is set up with the next', async () => {
    verifyAnswer = { data: { verifySocialSignIn: { name: 'Gina Google', email: 'gina@example.com' } } };
    await render(ALL);
    const first = googleConfig!.nonce;
    await act(async () => googleConfig!.callback({ credential: 'first-token' }));
    await settle();
    const second = googleConfig!.nonce;
    expect(second).not.toBe(first);
    await act(async () => googleConfig!.callback({ credential: 'second-token' }));
    await settle();
    expect(verifyCalls.map((call) => call.nonce)).toEqual([first, second]);
    expect(startedNonces.filter((n) => n.endsWith('GOOGLE'))).toHaveLength(3);
  });

  it('does not verify when no session could be made', async () => {
    ensureSession.mockResolvedValueOnce(false);
    await render(ALL);
    await act(async () => googleConfig!.callback({ credential: 'google-id-token' }));
    await settle();
    expect(verifyCalls).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('loads only the listed SDKs, waits for them, and drops a button whose SDK cannot load', async () => {
    delete window.FB;
    delete window.AppleID;
    const scripts: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      scripts.push(node as unknown as HTMLScriptElement);
      return node;
    });
    await render([ALL[1]!, ALL[2]!]);
    expect(scripts.map((s) => s.src)).toEqual([SDK_URLS.APPLE, SDK_URLS.FACEBOOK]);
    expect(button('Continue with Facebook')?.disabled).toBe(true);

    // Facebook's script arrives; Apple's is blocked.
    installSdks();
    delete window.AppleID;
    await act(async () => {
      scripts[1]!.onload?.(new Event('load'));
      scripts[0]!.onerror?.(new Event('error'));
    });
    await settle();
    expect(button('Continue with Facebook')?.disabled).toBe(false);
    expect(button('Continue with Apple')).toBeUndefined();
    expect(facebookInit).toMatchObject({ appId: 'fb-app' });
  });
});
