import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkAtBothWidths, expectNoA11yViolations, PHONE } from './support/a11y.ts';
import { DEMO, DEMO_PASSWORD, gql, waitForEmail } from './support/api.ts';
import { createAgent, createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';

/**
 * Proof of authority, per listing, on a phone: a seller who is not the owner uploads a rates
 * notice on the listing's page (a text file named .pdf is refused by its bytes first), and the operator opens it
 * from the console's queue and verifies that one listing, whose agent then receives the request. Axe at 1280 and
 * 375 px on the seller's page and the console.
 */

const PASSWORD = 'e2e-password-123';
const SHOTS = 'test-results/screens';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a seller uploads proof of authority for a listing and the operator verifies that listing', async ({ page, request }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const suburbId = await findSuburbId(request, { name: 'Marrickville', state: 'NSW' });
  const agent = await createAgent(request, { name: 'Mara Marrickville', suburbId, password: PASSWORD, agencyName: 'Marrickville Homes' });
  const seller = await createSeller(request, { name: 'Petra Proof', password: PASSWORD });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Authority Avenue', owner: 'NO' });
  expect(await publishProperty(request, seller.token, propertyId, [agent.userId])).toBe('verification_pending');

  // The seller, on a phone, finds the listing waiting and the upload on its page.
  await page.setViewportSize(PHONE);
  await loginThroughForm(page, seller.email, PASSWORD);
  // Home says the listing is held for verification, never that appraisals are on their way.
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: 'Authority Avenue' });
  await expect(card.getByText('On hold for verification')).toBeVisible();
  await expect(card.getByText('Waiting for appraisals')).toHaveCount(0);
  await page.goto(`/property/${propertyId}#proof-of-authority`);
  await expect(page.getByRole('heading', { name: 'Verification Pending' })).toBeVisible();
  const proof = page.getByRole('region', { name: 'Proof of authority to sell' });
  await expect(proof.getByText('Agents never see it.')).toBeVisible();
  const input = proof.getByLabel('Upload proof');

  // A text file named .pdf is refused by its bytes, and nothing is kept.
  await input.setInputFiles({ name: 'rates-notice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a PDF') });
  await expect(proof.getByText('This file is not a PDF or a photo we can read. Upload a PDF, JPG, PNG or WebP file')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(proof.getByText('On file:')).toHaveCount(0);

  // The real rates notice goes through.
  await input.setInputFiles({ name: 'rates-notice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(proof.getByText('Proof uploaded. We will check it and tell you by e-mail.')).toBeVisible();
  await expect(proof.getByRole('link', { name: /rates-notice\.pdf/ })).toBeVisible();
  await expect(proof.getByLabel('Replace proof')).toBeAttached();
  await checkAtBothWidths(page, SHOTS, 'proof-of-authority-seller');

  // The operator, on a phone, finds the listing in the queue with its proof, opens it, and verifies it.
  await logOutThroughPage(page);
  await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=verification');
  const queue = page.getByRole('list', { name: 'Listings awaiting verification' });
  await expect(queue).toBeVisible();
  const entry = queue.getByRole('listitem').filter({ hasText: seller.email });
  const loadMore = page.getByRole('button', { name: 'Load more' });
  for (let pageCount = 0; pageCount < 20 && !(await entry.isVisible()) && (await loadMore.isVisible()); pageCount++) await loadMore.click();
  await expect(entry.getByRole('heading', { name: /7 Authority Avenue, Marrickville NSW/ })).toBeVisible();
  const link = entry.getByRole('link', { name: /rates-notice\.pdf/ });
  const opened = await request.get(new URL((await link.getAttribute('href'))!).pathname);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await opened.body()).equals(PDF)).toBe(true);
  await checkAtBothWidths(page, SHOTS, 'proof-of-authority-console');

  await entry.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('The agent the seller chose for this listing receives the appraisal request.')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Verify listing' }).click();
  await expect(
    page.getByText(/7 Authority Avenue, Marrickville NSW \d{4} verified\. Its appraisal requests have been sent\./),
  ).toBeVisible();
  await expect(queue.getByRole('listitem').filter({ hasText: seller.email })).toHaveCount(0);

  // The agent receives the request, and the seller is told by e-mail, as the upload promised; the listing no longer
  // waits, and no longer takes proof.
  await waitForEmail(request, agent.email, /new appraisal request/i);
  await waitForEmail(request, seller.email, /^Your listing is verified$/);
  const { property } = await gql<{
    property: { isAwaitingVerification: boolean; verificationStatus: string; canUploadProofOfAuthority: boolean };
  }>(
    request,
    `query($id: ID!) { property(id: $id) { isAwaitingVerification verificationStatus canUploadProofOfAuthority } }`,
    { id: propertyId },
    seller.token,
  );
  expect(property).toEqual({ isAwaitingVerification: false, verificationStatus: 'VERIFIED', canUploadProofOfAuthority: false });
});

test('the wizard offers the proof upload as soon as the seller says they are not the owner', async ({ page, request }) => {
  test.setTimeout(120_000);
  const suburbId = await findSuburbId(request, { name: 'Dulwich Hill', state: 'NSW' });
  const seller = await createSeller(request, { name: 'Wanda Wizard', password: PASSWORD });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Wizard Way', owner: 'YES' });

  await page.setViewportSize(PHONE);
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto('/new-property/sale-info');
  await expect(page.getByRole('heading', { name: 'Proof of authority to sell' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'No' }).check();
  const proof = page.getByRole('region', { name: 'Proof of authority to sell' });
  await proof.getByLabel('Upload proof').setInputFiles({ name: 'signed-authority.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(proof.getByText('Proof uploaded. We will check it and tell you by e-mail.')).toBeVisible();
  await expect(proof.getByRole('link', { name: /signed-authority\.pdf/ })).toBeVisible();
  await checkAtBothWidths(page, SHOTS, 'proof-of-authority-wizard');

  const { property } = await gql<{ property: { proofOfAuthority: { fileName: string } | null } }>(
    request,
    `query($id: ID!) { property(id: $id) { proofOfAuthority { fileName } } }`,
    { id: propertyId },
    seller.token,
  );
  expect(property.proofOfAuthority).toEqual({ fileName: 'signed-authority.pdf' });
});
