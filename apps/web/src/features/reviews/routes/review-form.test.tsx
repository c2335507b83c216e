// @vitest-environment happy-dom
/**
 * The seller's review form against a scripted API: the rating and the text are checked with the domain's review
 * rules before anything is sent (each error under its field, linked to it, the first field in error focused), a
 * field the server refuses shows the server's reason under that field, and any other failure shows for the form.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '@listwise/domain/reviews';
import { describedBy, renderWithClient, scriptedClient, settle, typeInto } from '@/test/scripted-api';
import { ReviewForm } from './review-form';

const sent: Record<string, unknown>[] = [];
let answer: { errors: GraphQLError[] } = { errors: [] };

let container: HTMLDivElement;
let unmount: () => Promise<void>;

async function renderForm() {
  ({ container, unmount } = await renderWithClient(
    scriptedClient(sent, () => answer),
    <MemoryRouter>
      <ReviewForm appraisalId="pa-1" agentName="Priya Randwick" review={null} />
    </MemoryRouter>,
  ));
}

const textArea = () => container.querySelector('textarea')!;
const typeText = (value: string) => typeInto(textArea(), value);

async function chooseStars(stars: number) {
  const radio = container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[stars - 1]!;
  await act(async () => radio.click());
}

async function publish() {
  const button = [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Publish review'))!;
  await act(async () => button.click());
  await settle();
}

beforeEach(() => {
  sent.length = 0;
  answer = { errors: [] };
});
afterEach(() => unmount());

describe("the seller's review form", { timeout: 30_000 }, () => {
  it('asks for a rating and 30 characters before sending anything, and focuses the rating', async () => {
    await renderForm();
    await publish();
    expect(container.textContent).toContain(REVIEW_MESSAGES.ratingRequired);
    expect(textArea().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(textArea())).toContain(REVIEW_MESSAGES.textTooShort);
    expect(document.activeElement).toBe(container.querySelector('input[type="radio"]'));
    expect(sent).toHaveLength(0);

    await chooseStars(4);
    await typeText('Great agent.');
    await publish();
    expect(container.textContent).not.toContain(REVIEW_MESSAGES.ratingRequired);
    expect(describedBy(textArea())).toContain(REVIEW_MESSAGES.textTooShort);
    expect(document.activeElement).toBe(textArea());
    expect(sent).toHaveLength(0);
  });

  it("shows the server's reason under the field it refused, and any other failure for the form", async () => {
    await renderForm();
    await chooseStars(5);
    await typeText('  Priya sold our place in three weeks, above the range she gave.  ');
    answer = {
      errors: [
        new GraphQLError('validation_failed', {
          extensions: { code: 'validation_failed', field: 'text', reason: 'Your review must be at most 2,000 characters' },
        }),
      ],
    };
    await publish();
    expect(sent).toEqual([
      { propertyAppraisalId: 'pa-1', rating: 5, text: 'Priya sold our place in three weeks, above the range she gave.' },
    ]);
    expect(describedBy(textArea())).toContain('Your review must be at most 2,000 characters');
    expect(container.querySelector('[role="alert"]')).toBeNull();

    answer = { errors: [new GraphQLError('not_found', { extensions: { code: 'not_found' } })] };
    await publish();
    expect(textArea().getAttribute('aria-invalid')).toBeNull();
    expect(container.querySelector('[role="alert"]')?.textContent).toBeTruthy();
  });
});
