import { expect, test } from '@playwright/test';
import { findSuburbId, createDraftProperty, createSeller, publishProperty } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * Lists page by infinite scroll (spec §9: 10 a page, the next one when 80% of the list has been seen), with a
 * 'Show more' button for keyboard users. A seller with 12 published properties in a suburb no agent serves
 * sees 10, scrolls, and then sees all 12.
 */
const PASSWORD = 'infinite-scroll-password';
// No agent subscribes here, so each listing is published without agents (the no-agents path).
const QUIET_SUBURB = { name: 'Araluen', state: 'NT', postcode: '0870' };

test('My Properties loads the next page when the seller scrolls to the end of the list', async ({ page, request }) => {
  const seller = await createSeller(request, { name: 'Paula Pages', password: PASSWORD });
  const suburbId = await findSuburbId(request, QUIET_SUBURB);
  for (let n = 1; n <= 12; n++) {
    const propertyId = await createDraftProperty(request, seller.token, {
      suburbId,
      streetName: `Page ${String(n).padStart(2, '0')} Street`,
    });
    expect(await publishProperty(request, seller.token, propertyId, [])).toBeNull();
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginThroughForm(page, seller.email, PASSWORD);
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Show more' })).toBeVisible();

  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  // Newest first, and the oldest arrives with the second page.
  await expect(cards.first()).toContainText('Page 12 Street');
  await expect(cards.last()).toContainText('Page 01 Street');
});
