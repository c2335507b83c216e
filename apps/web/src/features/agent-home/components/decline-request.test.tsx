// @vitest-environment happy-dom
/**
 * The agent's decline form against a scripted API: nothing is sent without a reason; 'I have another reason' asks for
 * a note the seller will read (the first answer in error focused, each error linked to its field); a reason from the
 * list is sent without a note, the other reason with its note trimmed.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPRAISAL_REQUEST_DECLINE_REASONS } from '@listwise/domain/appraisal-request-progress';
import { describedBy, renderWithClient, scriptedClient, settle, typeInto } from '@/test/scripted-api';
import { DeclineForm } from './decline-request';

const sent: Record<string, unknown>[] = [];
let declined = 0;
let container: HTMLDivElement;
let unmount: () => Promise<void>;

async function renderForm() {
  const client = scriptedClient(sent, () => ({
    data: { declineAppraisalRequest: { id: 'req-1', __typename: 'PropertyAppraisalRequest' } },
  }));
  ({ container, unmount } = await renderWithClient(
    client,
    <DeclineForm requestId="req-1" onCancel={() => undefined} onDeclined={() => declined++} />,
  ));
}

const radios = () => [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const textArea = () => container.querySelector('textarea');

async function choose(reason: string) {
  await act(async () => radios()[APPRAISAL_REQUEST_DECLINE_REASONS.indexOf(reason as never)]!.click());
}

const typeNote = (value: string) => typeInto(textArea()!, value);

async function decline() {
  const button = [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Decline request'))!;
  await act(async () => button.click());
  await settle();
}

beforeEach(() => {
  sent.length = 0;
  declined = 0;
});
afterEach(() => unmount());

describe("the agent's decline form", { timeout: 30_000 }, () => {
  it('sends nothing without a reason, and asks for a note with the other reason', async () => {
    await renderForm();
    await decline();
    const group = container.querySelector('fieldset')!;
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(group)).toContain('Required');
    expect(document.activeElement).toBe(radios()[0]);
    expect(sent).toHaveLength(0);

    await choose('OTHER');
    expect(group.getAttribute('aria-invalid')).toBeNull();
    await typeNote('   ');
    await decline();
    expect(describedBy(textArea()!)).toContain('Required: a few words the seller will read');
    expect(document.activeElement).toBe(textArea());
    expect(sent).toHaveLength(0);

    await typeNote('  I sold the house next door to this seller last year.  ');
    await decline();
    expect(sent).toEqual([{ id: 'req-1', reason: 'OTHER', note: 'I sold the house next door to this seller last year.' }]);
    expect(declined).toBe(1);
  });

  it('sends a reason from the list without a note', async () => {
    await renderForm();
    await choose('OTHER');
    await typeNote('A note left from the other reason');
    await choose('OTHER_COMMITMENTS');
    expect(textArea()).toBeNull();
    await decline();
    expect(sent).toEqual([{ id: 'req-1', reason: 'OTHER_COMMITMENTS', note: null }]);
    expect(declined).toBe(1);
  });
});
