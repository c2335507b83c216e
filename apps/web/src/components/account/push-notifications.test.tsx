// @vitest-environment happy-dom
/**
 * Quiet hours against a scripted API: saving says so, and the confirmation stays when the settings are read again
 * with the new hours (that read remounts the form, keyed by the hours).
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { getOperationName } from 'urql';
import { renderWithClient, scriptedClient, settle } from '@/test/scripted-api';
import { PushNotificationsSection } from './push-notifications';

const sent: Record<string, unknown>[] = [];
let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  sent.length = 0;
});

/** The settings as the API answers them, quiet hours as last saved. */
function settings(quietHours: { enabled: boolean; start: string; end: string }) {
  return {
    me: {
      __typename: 'User',
      id: 'agent-1',
      pushNotifications: {
        __typename: 'PushNotifications',
        vapidPublicKey: 'key',
        devices: [],
        kinds: [],
        quietHours: { __typename: 'QuietHours', ...quietHours, timeZone: 'Australia/Sydney' },
      },
    },
  };
}

describe('quiet hours', { timeout: 30_000 }, () => {
  it('says the hours are saved, and keeps saying it once the settings are read again', async () => {
    let saved = { enabled: true, start: '21:00', end: '07:00' };
    const client = scriptedClient(sent, (operation) => {
      if (getOperationName(operation.query) === 'UpdateQuietHours') {
        const { enabled, start, end } = operation.variables as { enabled: boolean; start: string; end: string };
        saved = { enabled, start, end };
        return { data: { updateQuietHours: { __typename: 'User', id: 'agent-1' } } };
      }
      return { data: settings(saved) };
    });
    let container: HTMLElement;
    ({ container, unmount } = await renderWithClient(client, <PushNotificationsSection />));
    await settle();

    const checkbox = container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(checkbox.checked).toBe(true);
    await act(async () => checkbox.click());
    const save = [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Save quiet hours'))!;
    await act(async () => save.click());
    await settle();
    await settle();

    expect(sent).toContainEqual({ enabled: false, start: '21:00', end: '07:00', timeZone: 'Australia/Sydney' });
    expect(container.querySelector('form[aria-labelledby="quiet-hours-title"] [role="status"]')?.textContent).toBe('Quiet hours saved.');
    expect(container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked).toBe(false);
  });
});
