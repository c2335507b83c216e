import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { advanceClock, apiLogin, DEMO, DEMO_PASSWORD, gql, linkIn, resetClock, waitForEmail } from './support/api.ts';
import { appraise, createAgent, createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm, logOutThroughPage } from './support/ui.ts';

/**
 * Sales, money and the operator console: a seller reports a sale through the agent who appraised the
 * property and claims the cashback; the agent confirms price and date; the console shows the $1,100 lead fee in
 * the ledger and the operator marks the cashback paid; the agent's badge count grows. And a seller who is not
 * the owner waits in verification until an operator approves, after which the agent receives the request.
 * Agents, listings and appraisals are set up through the API (other journeys cover their screens).
 */

const PASSWORD = 'e2e-password-123';
/** Typed the way people type them (a dash in the BSB); stored and paid as six digits. */
const BANK = { accountName: 'Sam Tester', bsb: '734-912', bsbDigits: '734912', accountNumber: '987654321' };

/** A verified agent with a complete profile, a card that charges, and a free subscription to the NSW suburb. */
async function createAgentIn(request: APIRequestContext, name: string, suburb: string) {
  const suburbId = await findSuburbId(request, { name: suburb, state: 'NSW' });
  const agent = await createAgent(request, { name, suburbId, password: PASSWORD, withCard: true, agencyName: 'Harbour Realty' });
  return { ...agent, id: agent.userId };
}

/** A seller who listed a house in the suburb and asked the agent for an appraisal; returns the publish answer too. */
async function createListing(
  request: APIRequestContext,
  options: { suburb: string; agentId: string; owner: 'YES' | 'NO'; streetName: string },
) {
  const seller = await createSeller(request, { name: 'Sam Tester', password: PASSWORD });
  const suburbId = await findSuburbId(request, { name: options.suburb, state: 'NSW' });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: options.streetName, owner: options.owner });
  const publishError = await publishProperty(request, seller.token, propertyId, [options.agentId]);
  return { ...seller, propertyId, publishError };
}

const engagementsOf = async (request: APIRequestContext, token: string) =>
  (
    await gql<{ me: { agentProfile: { numberOfEngagements: number; badge: string | null } } }>(
      request,
      `{ me { agentProfile { numberOfEngagements badge } } }`,
      {},
      token,
    )
  ).me.agentProfile;

/** Collects every GraphQL answer the page receives, to prove that bank details never come back. */
function recordGraphqlAnswers(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/graphql') bodies.push(response.text().catch(() => ''));
  });
  return () => Promise.all(bodies);
}

/** '12 Nov 2026' of a YYYY-MM-DD date, as the web app prints it. */
const formatCalendarDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** The calendar day after a YYYY-MM-DD date. */
const dayAfter = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function switchUser(page: Page, email: string, password: string) {
  await logOutThroughPage(page);
  await loginThroughForm(page, email, password);
}

test('a seller claims the cashback, the agent confirms the sale, and the operator settles the money', async ({ page, request }) => {
  test.setTimeout(180_000);
  const agent = await createAgentIn(request, 'Grace Glebe', 'Glebe');
  const seller = await createListing(request, { suburb: 'Glebe', agentId: agent.id, owner: 'YES', streetName: 'Cashback Lane' });
  expect(seller.publishError).toBeNull();
  await appraise(request, agent.token, seller.propertyId);
  expect(await engagementsOf(request, agent.token)).toEqual({ numberOfEngagements: 0, badge: null });

  const graphqlAnswers = recordGraphqlAnswers(page);

  // ——— The seller reports the sale and claims the cashback, from the property page. ———
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto(`/property/${seller.propertyId}`);
  await expect(page.getByText('Claim your $500 cashback.')).toBeVisible();
  await page.getByRole('link', { name: 'Choose Agent & Claim' }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${seller.propertyId}/sale-status$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Have you sold your property yet?' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(3);
  await expect(page.getByText('no cashback is paid for false claims')).toBeVisible();
  await expect(page.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await page.getByLabel('Yes, I sold it unconditionally with a Listwise agent').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(new RegExp(`/property/${seller.propertyId}/sale-status/sold/agent$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Select Agent' })).toBeVisible();
  await expect(page.getByText('Which agent did you engage with?')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: /Grace Glebe/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(new RegExp(`/sale-status/sold/agent/${agent.id}/claim$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Claim your $500 cashback' })).toBeVisible();
  await page.getByRole('button', { name: 'Claim $500' }).click();
  await expect(page.getByText('Account name is required')).toBeVisible();
  await expect(page.getByText('BSB is required')).toBeVisible();
  await expect(page.getByText('Account number is required')).toBeVisible();
  await page.getByLabel('Account name').fill(BANK.accountName);
  await page.getByRole('textbox', { name: 'BSB', exact: true }).fill('12345');
  await page.getByLabel('Account number').fill('abc12345678');
  await page.getByRole('button', { name: 'Claim $500' }).click();
  await expect(page.getByText('BSB must be 6 digits')).toBeVisible();
  await expect(page.getByText('Account number must be 5 to 9 digits')).toBeVisible();
  // A BSB typed with its dash keeps all six digits (the field once cut '062-000' to '062-00').
  await page.getByRole('textbox', { name: 'BSB', exact: true }).fill(BANK.bsb);
  await expect(page.getByRole('textbox', { name: 'BSB', exact: true })).toHaveValue(BANK.bsb);
  await page.getByLabel('Account number').fill(BANK.accountNumber);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Claim $500' }).click();

  await expect(page).toHaveURL(new RegExp(`/property/${seller.propertyId}/sold$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Property' })).toHaveAttribute('href', `/property/${seller.propertyId}`);
  await expectNoA11yViolations(page);
  // Sold unconditionally: the sale-status pages send the seller back to the property, which offers no more claim.
  for (const path of ['sale-status', 'sale-status/sold/agent', `sale-status/sold/agent/${agent.id}/claim`, 'not-sold']) {
    await page.goto(`/property/${seller.propertyId}/${path}`);
    await expect(page).toHaveURL(new RegExp(`/property/${seller.propertyId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Property Details' })).toBeVisible();
  }
  await expect(page.getByText('Sold', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose Agent & Claim' })).toHaveCount(0);
  // The claim's status and dates: waiting for the agent.
  const claim = page.getByRole('region', { name: 'Your $500 cashback' });
  await expect(claim.getByText('Awaiting the agent', { exact: true })).toBeVisible();
  await expect(claim.getByText('Claimed', { exact: true })).toBeVisible();

  // ——— The agent confirms the sale from the e-mail. ———
  const confirmLink = linkIn(
    await waitForEmail(request, agent.email, /confirm your property sale/i),
    /^\/agent\/property-sale\/[\w-]+\/confirm$/,
  );
  await switchUser(page, agent.email, PASSWORD);
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Property Sale' })).toBeVisible();
  await expect(page.getByLabel('Client name')).toHaveValue('Sam Tester');
  await expect(page.getByLabel('Client name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Property address')).toHaveValue(/7 Cashback Lane, Glebe NSW/);
  // Ready wording to disclose the lead fee to the vendor (NSW s 47), naming the property and the fee.
  await expect(
    page
      .getByRole('region', { name: 'Disclosing the lead fee to your vendor' })
      .getByText(/If 7 Cashback Lane, Glebe NSW is sold through us, we will pay Listwise a lead fee of \$1,000 plus GST \(\$1,100\)/),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/confirm\/details$/);
  await page.getByRole('button', { name: 'Confirm Sale' }).click();
  await expect(page.getByText('Sale price is required')).toBeVisible();
  await expect(page.getByText('Contract date is required')).toBeVisible();
  await page.getByLabel('Sale price').fill('1250000');
  await expect(page.getByLabel('Sale price')).toHaveValue('1,250,000');
  // The date field stops at today where the property is; a later day is refused with the catalogue's text.
  const today = (await page.getByLabel('Contract date').getAttribute('max'))!;
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel('Contract date').fill(dayAfter(today));
  await page.getByRole('button', { name: 'Confirm Sale' }).click();
  await expect(page.getByText('Contract date cannot be in the future')).toBeVisible();
  await page.getByLabel('Contract date').fill(today);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm Sale' }).click();
  // Asked before the card is charged: the amount and the card; Cancel charges nothing.
  const charge = page.getByRole('dialog', { name: 'Charge $1,100 to Visa ending 4242?' });
  await expect(charge).toBeVisible();
  await expectNoA11yViolations(page);
  await charge.getByRole('button', { name: 'Cancel' }).click();
  await expect(charge).toBeHidden();
  await expect(page).toHaveURL(/\/confirm\/details$/);
  await page.getByRole('button', { name: 'Confirm Sale' }).click();
  await charge.getByRole('button', { name: 'Charge and confirm' }).click();

  await expect(page).toHaveURL(/\/confirm\/finalized$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sale has been finalised' })).toBeVisible();
  await expect(
    page.getByText(
      'Congratulations, your sale has been finalised. You will be charged the lead fee for the successful sale of this property, and we e-mail you its tax invoice.',
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The badge count grows: the first confirmed sale earns the first badge ('First sale'), shown in the menu with its label…
  expect(await engagementsOf(request, agent.token)).toEqual({ numberOfEngagements: 1, badge: 'VERIFIED' });
  const badgeButton = page.getByRole('button', { name: 'Member badge: first sale, 1 property sold. Show member badges' }).first();
  await expect(badgeButton).toBeVisible();
  await expect(badgeButton).toContainText('1 property sold');
  await badgeButton.click();
  const badges = page.getByRole('dialog', { name: 'Member badges' });
  await expect(badges.getByText('Your confirmed sales: 1')).toBeVisible();
  await expect(badges.getByRole('listitem').filter({ hasText: '(your badge)' })).toHaveText(
    /First sale\s*1 property sold\s*\(your badge\)/,
  );
  await expect(badges.getByRole('listitem').filter({ hasText: 'Bronze' })).toContainText('10+ properties sold');
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(badges).toBeHidden();
  // …and to the seller on the appraisal.
  const sellerView = await gql<{ property: { propertyAppraisals: { agent: { badge: string; numberOfEngagements: number } }[] } }>(
    request,
    `query($id: ID!) { property(id: $id) { propertyAppraisals { agent { badge numberOfEngagements } } } }`,
    { id: seller.propertyId },
    seller.token,
  );
  expect(sellerView.property.propertyAppraisals.map((a) => a.agent)).toEqual([{ badge: 'VERIFIED', numberOfEngagements: 1 }]);
  // Confirmed and paid: the confirmation pages lead straight to 'finalized' (nothing is recorded twice).
  for (const path of [confirmLink, `${confirmLink}/details`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/confirm\/finalized$/);
  }
  // A sale that is not theirs is 'Property sale not found'.
  await page.goto('/agent/property-sale/00000000-0000-4000-8000-000000000000/confirm');
  await expect(page.getByRole('heading', { name: 'Property sale not found' })).toBeVisible();

  // ——— The operator sees the lead fee in the ledger and pays the cashback. ———
  await switchUser(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=ledger');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  // The console verifies listings, not sellers: its subtitle says what its tabs do.
  await expect(page.getByText('Verify listings and licences, moderate reviews', { exact: false })).toBeVisible();
  const leadFee = page.getByRole('listitem').filter({ hasText: 'Cashback Lane' }).first();
  await expect(leadFee.getByRole('heading', { name: 'Lead fee: $1,100' })).toBeVisible();
  await expect(leadFee.getByText('$100', { exact: true })).toBeVisible();
  await expect(leadFee.getByText('Paid', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('tab', { name: 'Sales' }).click();
  const sale = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /7 Cashback Lane, Glebe NSW/ }) });
  await expect(sale.getByText('***-912')).toBeVisible();
  await expect(sale.getByText('*****4321')).toBeVisible();
  await expect(sale.getByText('Payable', { exact: true })).toBeVisible();
  await expect(sale.getByText('$1,250,000')).toBeVisible();
  expect(await page.content()).not.toContain(BANK.bsbDigits);
  expect(await page.content()).not.toContain(BANK.accountNumber);
  await expectNoA11yViolations(page);

  // Pay it in a batch: the download takes every payable claim into a new batch, marked 'In payout'.
  await page.getByRole('tab', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Cashback payouts' })).toBeVisible();
  await expectNoA11yViolations(page);
  // Download the payouts: the password first (a wrong one is refused), by keyboard, then the ABA file.
  await page.getByRole('button', { name: 'Download ABA file', exact: true }).click();
  const payouts = page.getByRole('dialog', { name: 'Download payouts as ABA file' });
  await expect(payouts.getByRole('textbox', { name: 'Your password' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(payouts.getByText('Incorrect password')).toBeVisible();
  await payouts.getByRole('textbox', { name: 'Your password' }).fill(DEMO_PASSWORD);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^listwise-cashback-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.aba$/);
  const aba = await readDownload(download);
  expect(aba.endsWith('\r\n')).toBe(true);
  const records = aba.slice(0, -2).split('\r\n');
  for (const record of records) expect(record).toHaveLength(120);
  expect(records[0]!.startsWith('0')).toBe(true);
  const ours = records.find((r) => r.startsWith(`1${BANK.bsb}${BANK.accountNumber.padStart(9)} 500000050000${BANK.accountName}`));
  expect(ours, 'the claim of this journey is in the file').toBeDefined();
  const total = records.at(-1)!;
  expect(total.slice(0, 8)).toBe('7999-999');
  expect(Number(total.slice(74, 80))).toBe(records.length - 2);
  await expect(payouts).toBeHidden();
  await expect(page.getByText(/^Downloaded listwise-cashback-.*\.aba: \d+ claims?, \$[\d,.]+\.$/)).toBeVisible();

  // A second download finds nothing new to pay: nobody is paid twice.
  await page.getByRole('button', { name: 'Download ABA file', exact: true }).click();
  await payouts.getByRole('textbox', { name: 'Your password' }).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(payouts.getByText('There are no cashback claims to pay')).toBeVisible();
  await payouts.getByRole('button', { name: 'Cancel' }).click();

  // The new batch is listed first, with our claim in payout; downloading it again gives the same bytes.
  const batch = page.getByRole('list', { name: 'Payout batches' }).getByRole('listitem').first();
  await expect(batch.getByText('In payout', { exact: true }).first()).toBeVisible();
  await expect(batch.getByText('*****4321')).toBeVisible();
  await expectNoA11yViolations(page);
  await batch.getByRole('button', { name: 'Download ABA file again' }).click();
  const again = page.getByRole('dialog', { name: 'Download the batch again as ABA file' });
  await again.getByRole('textbox', { name: 'Your password' }).fill(DEMO_PASSWORD);
  const [redownload] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(redownload.suggestedFilename()).toBe(download.suggestedFilename());
  expect(await readDownload(redownload)).toBe(aba);

  // The bank paid it: the batch is marked paid, by keyboard, and each seller is e-mailed.
  await batch.getByRole('button', { name: 'Mark batch paid' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Mark this batch paid?' });
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(batch.getByText(/^Paid \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await expect(batch.getByRole('button', { name: 'Mark batch paid' })).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoA11yViolations(page);
  }
  await page.getByRole('tab', { name: 'Sales' }).click();
  await expect(sale.getByText(/^Paid \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await expect(sale.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const downloadEntry = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Downloaded cashback payouts' }) })
    .first();
  await expect(downloadEntry.getByText(/^ABA of \d+ claims?/)).toBeVisible();
  const paidEntry = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Marked a payout batch paid' }) })
    .first();
  await expect(paidEntry).toBeVisible();
  await expect(paidEntry.getByText(DEMO.admin)).toBeVisible();
  await expectNoA11yViolations(page);

  // The seller sees the cashback paid, with the day.
  await switchUser(page, seller.email, PASSWORD);
  await page.goto(`/property/${seller.propertyId}`);
  const paidClaim = page.getByRole('region', { name: 'Your $500 cashback' });
  await expect(paidClaim.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(paidClaim.getByText(/^Paid into \*\*\*-912 \*\*\*\*\*4321 on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoA11yViolations(page);
  }
  await waitForEmail(request, seller.email, /your cashback has been paid/i);

  // Every answer the browser received in this journey (the claim, the console's lists, marking paid): masked only,
  // except the payout file the operator asked for with their password.
  const answers = (await graphqlAnswers()).filter(
    (answer) => !answer.includes('"downloadCashbackPayouts"') && !answer.includes('"downloadCashbackPayoutBatch"'),
  );
  expect(answers.length).toBeGreaterThan(20);
  expect(answers.some((answer) => answer.includes('***-912'))).toBe(true);
  for (const answer of answers) {
    expect(answer).not.toContain(BANK.bsbDigits);
    expect(answer).not.toContain(BANK.accountNumber);
  }
});

test('a seller who did not sell through Listwise says so, and the listing goes off the market', async ({ page, request }) => {
  test.setTimeout(120_000);
  const agent = await createAgentIn(request, 'Owen Annandale', 'Annandale');
  const seller = await createListing(request, { suburb: 'Annandale', agentId: agent.id, owner: 'YES', streetName: 'Offmarket Road' });
  expect(seller.publishError).toBeNull();
  await appraise(request, agent.token, seller.propertyId);

  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto(`/property/${seller.propertyId}`);
  await page.getByRole('link', { name: 'Choose Agent & Claim' }).click();
  await page.getByLabel("No, I've decided not to sell").check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(new RegExp(`/property/${seller.propertyId}/not-sold$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Thanks for your feedback' })).toBeVisible();
  await expectNoA11yViolations(page);
  const completed = await gql<{ property: { state: string; completeType: string } }>(
    request,
    `query($id: ID!) { property(id: $id) { state completeType } }`,
    { id: seller.propertyId },
    seller.token,
  );
  expect(completed.property).toEqual({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL' });
  await page.getByRole('link', { name: 'Back to Property' }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${seller.propertyId}$`));
  await expect(page.getByText('Off market', { exact: true })).toBeVisible();

  // Not sold is not final: the seller can still report a sale through the agent later.
  await expect(page.getByRole('link', { name: 'Choose Agent & Claim' })).toBeVisible();
  // The thanks page belongs to the seller's own listings only.
  const stranger = await createListing(request, { suburb: 'Annandale', agentId: agent.id, owner: 'YES', streetName: 'Stranger Street' });
  await page.goto(`/property/${stranger.propertyId}/not-sold`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a declined lead fee leaves the sale confirmed; the agent can pay it later and the operator can charge it again', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const agent = await createAgentIn(request, 'Dora Leichhardt', 'Leichhardt');
  // The agent's default card now declines (the built-in gateway's test card).
  await gql(request, `mutation { stripeConfirmPaymentMethod(stripePaymentMethodId: "pm_card_chargeDeclined") { id } }`, {}, agent.token);
  const seller = await createListing(request, { suburb: 'Leichhardt', agentId: agent.id, owner: 'YES', streetName: 'Declined Drive' });
  expect(seller.publishError).toBeNull();
  await appraise(request, agent.token, seller.propertyId);
  await gql(
    request,
    `mutation($p: ID!, $a: ID!) {
      propertySoldThroughListwise(propertyId: $p, sellingAgentId: $a, accountName: "Sam Tester", accountNumber: "11223344", bsb: "062000") { id }
    }`,
    { p: seller.propertyId, a: agent.id },
    seller.token,
  );
  const confirmLink = linkIn(
    await waitForEmail(request, agent.email, /confirm your property sale/i),
    /^\/agent\/property-sale\/[\w-]+\/confirm$/,
  );

  // The card declines: 'Payment declined' under the form, and yet the sale is confirmed (the badge counts it).
  await loginThroughForm(page, agent.email, PASSWORD);
  await page.goto(`${confirmLink}/details`);
  await page.getByLabel('Sale price').fill('980000');
  const contractDate = (await page.getByLabel('Contract date').getAttribute('max'))!;
  await page.getByLabel('Contract date').fill(contractDate);
  await page.getByRole('button', { name: 'Confirm Sale' }).click();
  await page
    .getByRole('dialog', { name: /^Charge \$1,100 to / })
    .getByRole('button', { name: 'Charge and confirm' })
    .click();
  await expect(page.getByText('Payment declined', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/confirm\/details$/);
  expect(await engagementsOf(request, agent.token)).toEqual({ numberOfEngagements: 1, badge: 'VERIFIED' });

  // Coming back, the agent sees what was recorded and is offered only the fee.
  await page.goto(confirmLink);
  await expect(page.getByText('its lead fee of $1,000 plus GST has not been paid yet')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('$980,000')).toBeVisible();
  await expect(page.getByText(formatCalendarDate(contractDate))).toBeVisible();
  await expect(page.getByLabel('Sale price')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Pay lead fee' }).click();
  await page
    .getByRole('dialog', { name: /^Charge \$1,100 to / })
    .getByRole('button', { name: 'Charge and confirm' })
    .click();
  await expect(page.getByText('Payment declined', { exact: true })).toBeVisible();

  // The operator sees the declined fee; once the agent has a working card, Retry charges it.
  await switchUser(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin?tab=sales');
  await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Lead fee declined' });
  const sale = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /7 Declined Drive, Leichhardt NSW/ }) });
  await expect(sale.getByText('Declined', { exact: true })).toBeVisible();
  await expect(sale.getByText('2 attempts')).toBeVisible();
  await expect(sale.getByText('$980,000')).toBeVisible();
  await expectNoA11yViolations(page);
  await gql(request, `mutation { stripeConfirmPaymentMethod(stripePaymentMethodId: "pm_card_visa") { id } }`, {}, agent.token);
  await sale.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('dialog', { name: 'Charge the lead fee again?' }).getByRole('button', { name: 'Charge $1,100' }).click();
  await expect(sale.getByText('Paid $1,100', { exact: true })).toBeVisible();
  await expect(sale.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  const adminToken = await apiLogin(request, DEMO.admin);
  const ledger = await gql<{ adminCharges: { edges: { node: { status: string; amount: number; description: string } }[] } }>(
    request,
    `query($u: ID!) { adminCharges(userId: $u, kind: LEAD_FEE, first: 10) { edges { node { status amount description } } } }`,
    { u: agent.id },
    adminToken,
  );
  expect(ledger.adminCharges.edges.map((e) => [e.node.status, e.node.amount])).toEqual([
    ['SUCCEEDED', 1100],
    ['FAILED', 1100],
    ['FAILED', 1100],
  ]);
});

test('a listing by a seller who is not the owner waits for verification; once verified, the agent receives the request', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const agent = await createAgentIn(request, 'Nina Newtown', 'Newtown');
  const seller = await createListing(request, { suburb: 'Newtown', agentId: agent.id, owner: 'NO', streetName: 'Pending Parade' });
  expect(seller.publishError).toBe('verification_pending');
  const property = async () =>
    (
      await gql<{ property: { isAwaitingVerification: boolean } }>(
        request,
        `query($id: ID!) { property(id: $id) { isAwaitingVerification } }`,
        { id: seller.propertyId },
        seller.token,
      )
    ).property;
  expect(await property()).toEqual({ isAwaitingVerification: true });
  const pendingRequests = async () =>
    (
      await gql<{ myPendingAppraisalRequests: { edges: { node: { property: { id: string } } }[] } }>(
        request,
        `{ myPendingAppraisalRequests(first: 50) { edges { node { property { id } } } } }`,
        {},
        agent.token,
      )
    ).myPendingAppraisalRequests.edges.map((e) => e.node.property.id);
  expect(await pendingRequests()).not.toContain(seller.propertyId);

  // The seller sees 'Verification Pending' on the property page while the agents wait.
  await loginThroughForm(page, seller.email, PASSWORD);
  await page.goto(`/property/${seller.propertyId}`);
  await expect(page.getByRole('heading', { name: 'Verification Pending' })).toBeVisible();

  // Other people cannot reach the console: the page is not found, the API answers forbidden.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const forbidden = await request.post('/graphql', {
    data: { query: `{ adminSettings { staticCashbackAmount } }` },
    headers: { authorization: `Bearer ${seller.token}` },
  });
  expect(((await forbidden.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe('forbidden');

  await switchUser(page, DEMO.admin, DEMO_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Verification', selected: true })).toBeVisible();
  const entry = page.getByRole('listitem').filter({ hasText: seller.email });
  // The queue is oldest first: page on until this listing shows (other journeys may leave listings waiting).
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(page.getByRole('list', { name: 'Listings awaiting verification' })).toBeVisible();
  for (let pageCount = 0; pageCount < 20 && !(await entry.isVisible()) && (await loadMore.isVisible()); pageCount++) await loadMore.click();
  await expect(entry.getByText('Selling on behalf of my mother')).toBeVisible();
  await expect(entry.getByText('7 Pending Parade, Newtown NSW')).toBeVisible();
  await expectNoA11yViolations(page);
  await entry.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('dialog').getByText('The agent the seller chose for this listing receives the appraisal request.'),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Verify listing' }).click();
  await expect(page.getByText(/verified\. Its appraisal requests have been sent\./)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: seller.email })).toHaveCount(0);

  // The agent now has the request, by e-mail and in their list; the property no longer waits.
  await waitForEmail(request, agent.email, /new appraisal request/i);
  expect(await pendingRequests()).toContain(seller.propertyId);
  expect(await property()).toEqual({ isAwaitingVerification: false });
  await switchUser(page, seller.email, PASSWORD);
  await page.goto(`/property/${seller.propertyId}`);
  await expect(page.getByText('No appraisals yet. An appraisal should arrive within 48 hours of your request.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verification Pending' })).toHaveCount(0);
  const adminToken = await apiLogin(request, DEMO.admin);
  const log = await gql<{ adminAuditLog: { edges: { node: { action: string; targetId: string } }[] } }>(
    request,
    `{ adminAuditLog(first: 5) { edges { node { action targetId } } } }`,
    {},
    adminToken,
  );
  expect(log.adminAuditLog.edges.map((e) => [e.node.action, e.node.targetId])).toContainEqual(['VERIFY_LISTING', seller.propertyId]);
});

test('a sale the agent never answers is settled by an operator after 14 days; a void puts the property back for the seller', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const agent = await createAgentIn(request, 'Sid Silent', 'Newtown');
  const seller = await createListing(request, { suburb: 'Newtown', agentId: agent.id, owner: 'YES', streetName: 'Silent Street' });
  expect(seller.publishError).toBeNull();
  await appraise(request, agent.token, seller.propertyId);
  await gql(
    request,
    `mutation($p: ID!, $a: ID!) {
      propertySoldThroughListwise(propertyId: $p, sellingAgentId: $a, accountName: "Sam Tester", accountNumber: "11223344", bsb: "062000") { id }
    }`,
    { p: seller.propertyId, a: agent.id },
    seller.token,
  );
  // The agent never answers: 15 days go by.
  await advanceClock(request, 15 * 86_400_000);
  try {
    await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    await page.goto('/admin?tab=sales');
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Unanswered: ready to settle' });
    const sale = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Silent Street, Newtown NSW/ }) });
    await expect(sale.getByText('Agent has not answered', { exact: true })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoA11yViolations(page);
    }

    // By keyboard: open the settlement, choose void, give the reason.
    await sale.getByRole('button', { name: 'Settle unanswered sale' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Settle the unanswered sale' });
    await expect(dialog).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoA11yViolations(page);
    }
    await dialog.getByLabel('The sale is void: charge nothing, tell the seller and the agent why').check();
    await dialog.getByLabel('Why (e-mailed to the seller and the agent)').fill('The agent has not answered and the seller sold privately.');
    await dialog.getByRole('button', { name: 'Settle' }).click();
    // Settling writes the claim, the property, two e-mails and the audit entry in one transaction.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText('The sale is void; the seller and the agent have been e-mailed why.')).toBeVisible();
    await waitForEmail(request, seller.email, /your cashback claim was closed/i);
    await waitForEmail(request, agent.email, /a sale naming you was settled/i);

    // The property is no longer sold: the seller may report the sale again or list it again.
    const sellerToken = await apiLogin(request, seller.email, PASSWORD);
    const property = await gql<{ property: { state: string; completeType: string } }>(
      request,
      `query($id: ID!) { property(id: $id) { state completeType } }`,
      { id: seller.propertyId },
      sellerToken,
    );
    expect(property.property).toEqual({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_USE_LISTWISE' });
  } finally {
    await resetClock(request);
  }
});
