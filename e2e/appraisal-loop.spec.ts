import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DESKTOP, expectNoA11yViolations, PHONE } from './support/a11y.ts';
import { advanceClock, resetClock, uniqueSurname, waitForEmail } from './support/api.ts';
import { createAgent, createDraftProperty, createSeller, findSuburbId } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * The appraisal loop, both sides at once (spec 000 §2 agent home, request detail, drafting, appointment
 * requests; spec 001 appraisal detail and request-appointment): a seller publishes to two agents; agent one
 * accepts the payment condition, drafts every step and submits; the seller reads the appraisal and requests an
 * appointment; agent one sees it 'New' with the unread count; agent two's request expires when the server clock
 * passes 48 hours. Accounts are made through the API (their own journeys are tested elsewhere); everything of
 * the appraisal loop, the card agent one saves in the payment-condition modal included, happens in the browser.
 */
const PASSWORD = 'appraisal-loop-password';
const HOUR = 60 * 60 * 1000;
// A suburb no other journey (nor the demo data) uses, so its five places hold this journey's two agents and its
// retry's two.
const SUBURB = { name: 'Rose Bay', state: 'NSW', postcode: '2029' };

// The browser contexts of the seller and the two agents: made here rather than by Playwright, so closed here.
const contexts: BrowserContext[] = [];

// The journey moves the server's clock 49 hours on; the journeys after it on this server (and its own retry) must
// start at the real time, whether it passes or fails. Its contexts would otherwise live on in the worker's browser.
test.afterEach(async ({ request }) => {
  await resetClock(request);
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

// ——— Set-up through the API ———

/** A verified seller whose draft property in the suburb has every answer publishing needs. */
async function createSellerWithDraft(request: APIRequestContext, suburbId: string) {
  const seller = await createSeller(request, { name: 'Vera Vendor', password: PASSWORD });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Arden Street' });
  return { email: seller.email, propertyId };
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  // Sydney time, as the sellers and agents the calendar is for.
  const context = await browser.newContext({ timezoneId: 'Australia/Sydney', locale: 'en-AU' });
  contexts.push(context);
  const page = await context.newPage();
  await loginThroughForm(page, email, PASSWORD);
  return page;
}

/**
 * The calendar cell of the next day, two or more days out, that is not a Sunday (in Sydney, as the browser), and
 * how the agent's list shows that date ('weekday day month').
 */
function nextAppointmentCell(): { cell: RegExp; shown: string } {
  for (let offset = 2; offset < 5; offset++) {
    const date = new Date(Date.now() + offset * 24 * HOUR);
    const part = (options: Intl.DateTimeFormatOptions) => date.toLocaleDateString('en-AU', { ...options, timeZone: 'Australia/Sydney' });
    const weekday = part({ weekday: 'long' });
    if (weekday === 'Sunday') continue;
    const day = Number(part({ day: 'numeric' }));
    return { cell: new RegExp(`^${weekday} ${day} `), shown: `${weekday} ${day} ${part({ month: 'long' })}` };
  }
  throw new Error('unreachable');
}

/** The calendar cell of yesterday (in Sydney), when it is in the month the calendar opens on. */
function yesterdayCell(): RegExp | null {
  const now = new Date();
  const yesterday = new Date(now.getTime() - 24 * HOUR);
  const month = (d: Date) => d.toLocaleDateString('en-AU', { month: 'numeric', timeZone: 'Australia/Sydney' });
  if (month(yesterday) !== month(now)) return null;
  const weekday = yesterday.toLocaleDateString('en-AU', { weekday: 'long', timeZone: 'Australia/Sydney' });
  const day = Number(yesterday.toLocaleDateString('en-AU', { day: 'numeric', timeZone: 'Australia/Sydney' }));
  return new RegExp(`^${weekday} ${day} `);
}

test('a seller asks two agents; one appraises, the seller requests an appointment, the other request expires', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const suburbId = await findSuburbId(request, SUBURB);
  // Names new on every attempt: a retry's seller would otherwise see the agents of the attempt before beside its own.
  const agentOne = await createAgent(request, { name: `Olga ${uniqueSurname()}`, suburbId, password: PASSWORD });
  const agentTwo = await createAgent(request, { name: `Theo ${uniqueSurname()}`, suburbId, password: PASSWORD });
  const seller = await createSellerWithDraft(request, suburbId);

  // ——— The seller publishes to both agents ———
  const sellerPage = await signedInPage(browser, seller.email);
  await sellerPage.goto('/new-property/select-agents');
  await sellerPage.getByRole('checkbox', { name: new RegExp(agentOne.name) }).check();
  await sellerPage.getByRole('checkbox', { name: new RegExp(agentTwo.name) }).check();
  await sellerPage.getByRole('button', { name: 'Request appraisals' }).click();
  await expect(sellerPage).toHaveURL(/\/new-property\/request-sent/);

  // ——— Agent one: the new request, the payment condition, the property ———
  const agentPage = await signedInPage(browser, agentOne.email);
  await expect(agentPage.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  const pendingTab = agentPage.getByRole('tab', { name: /Appraisal Requests/ });
  await expect(pendingTab).toContainText('1');
  const card = agentPage.getByRole('article').filter({ hasText: 'Property in Rose Bay' });
  await expect(card).toContainText('New');
  await expect(card).toContainText('Pending Appraisal');
  await expect(card).toContainText(/4[78]h left/);
  // Before the condition the street is hidden.
  await expect(agentPage.getByText('Arden Street')).toHaveCount(0);
  await expectNoA11yViolations(agentPage);

  await card.getByRole('link').click();
  await expect(agentPage).toHaveURL(/\?collect_payment_details_for_property_appraisal_request=/);
  const modal = agentPage.getByRole('dialog', { name: 'Payment condition' });
  await expect(modal).toContainText('$1,000 plus GST');
  const submitCondition = modal.getByRole('button', { name: 'Submit' });
  await expect(submitCondition).toBeDisabled();
  // No card saved yet: the modal asks for one first.
  await modal.getByLabel('Card number').fill('4242 4242 4242 4242');
  await modal.getByLabel('Expiry date').fill('12 / 31');
  await modal.getByLabel('CVC').fill('123');
  await modal.getByRole('button', { name: 'Save card' }).click();
  await expect(modal.getByText('ending in')).toContainText('4242');
  await modal.getByLabel('Accept the above terms').check();
  await expect(submitCondition).toBeEnabled();
  await expectNoA11yViolations(agentPage);
  await submitCondition.click();

  await expect(agentPage).toHaveURL(/\/agent\/appraisal-request\/[0-9a-f-]+$/);
  await expect(agentPage.getByRole('heading', { name: 'Property Details', level: 1 })).toBeVisible();
  await expect(agentPage.getByRole('heading', { name: '7 Arden Street' })).toBeVisible();
  await expect(agentPage.getByText('North-facing garden, quiet street.')).toBeVisible();
  await expectNoA11yViolations(agentPage);

  // ——— Drafting, every step ———
  await agentPage.getByRole('button', { name: 'Appraise property' }).click();
  await expect(agentPage).toHaveURL(/\/appraise\/selling-range$/);
  await expect(agentPage.getByText('Step 1 of 5')).toBeVisible();
  await agentPage.getByRole('button', { name: 'Next' }).click();
  await expect(agentPage.getByText('Min price is required')).toBeVisible();
  await agentPage.getByLabel('Min price').fill('40000');
  await agentPage.getByLabel('Min price').blur();
  await expect(agentPage.getByText('Min price must be at least $50,000')).toBeVisible();
  await agentPage.getByLabel('Min price').fill('2100000');
  await agentPage.getByLabel('Max price').fill('');
  await agentPage.getByLabel('Min price').focus();
  await agentPage.getByLabel('Min price').blur();
  // Leaving min with max empty proposes min × 1.1.
  await expect(agentPage.getByLabel('Max price')).toHaveValue('2,310,000');
  await expectNoA11yViolations(agentPage);
  await agentPage.getByRole('button', { name: 'Next' }).click();

  await expect(agentPage).toHaveURL(/\/appraise\/fees$/);
  await expect(agentPage.getByText('Step 2 of 5')).toBeVisible();
  await agentPage.getByLabel('Percentage of the sale price').check();
  await agentPage.getByLabel('Commission percentage').fill('2.25');
  await agentPage.getByLabel('Marketing fee (one-time)').fill('6500');
  await agentPage.getByRole('button', { name: 'Add inclusion' }).click();
  await agentPage.getByRole('textbox', { name: 'Inclusion 1' }).fill('Professional photography');
  await agentPage.getByRole('button', { name: 'Add inclusion' }).click();
  await agentPage.getByRole('textbox', { name: 'Inclusion 2' }).fill('Two weeks of online listings');
  await expectNoA11yViolations(agentPage);
  await agentPage.getByRole('button', { name: 'Next' }).click();

  await expect(agentPage).toHaveURL(/\/appraise\/comparable-sales$/);
  await agentPage.getByRole('button', { name: 'Add comparable sale' }).click();
  await agentPage.getByLabel('Address').fill('12 Fern Street, Rose Bay');
  await agentPage.getByLabel('Sale price').fill('2250000');
  await agentPage.getByLabel('Sale date').fill('2026-08-14');
  await agentPage.getByLabel('Link (optional)').fill('www.example.com.au/sold/12-fern-street');
  await expectNoA11yViolations(agentPage);
  await agentPage.getByRole('button', { name: 'Next' }).click();

  await expect(agentPage).toHaveURL(/\/appraise\/video$/);
  await expect(agentPage.getByText('Step 4 of 5')).toBeVisible();
  await agentPage.getByRole('button', { name: 'Next' }).click();

  await expect(agentPage).toHaveURL(/\/appraise\/additional-notes$/);
  await agentPage.getByRole('button', { name: 'Next' }).click();
  await expect(agentPage.getByText('Additional notes are required')).toBeVisible();
  await agentPage.getByLabel('Additional notes').fill('Rose Bay houses with a pool are scarce; I expect strong competition at auction.');
  await expectNoA11yViolations(agentPage);
  await agentPage.getByRole('button', { name: 'Next' }).click();

  await expect(agentPage).toHaveURL(/\/appraise\/summary$/);
  await expect(agentPage.getByText('$2,100,000 – $2,310,000')).toBeVisible();
  await expect(agentPage.getByText('2.25% incl. GST')).toBeVisible();
  await expect(agentPage.getByRole('link', { name: 'Edit Estimated Selling Range' })).toBeVisible();
  await expectNoA11yViolations(agentPage);
  // Every answer is in: a step reached through its Edit link offers 'Skip to End' back to the summary.
  await agentPage.getByRole('link', { name: 'Edit Comparable Sales' }).click();
  await expect(agentPage).toHaveURL(/\/appraise\/comparable-sales$/);
  await expect(agentPage.getByLabel('Address')).toHaveValue('12 Fern Street, Rose Bay');
  await expect(agentPage.getByLabel('Sale date')).toHaveValue('2026-08-14');
  await agentPage.getByRole('link', { name: 'Skip to End' }).click();
  await expect(agentPage).toHaveURL(/\/appraise\/summary$/);
  await agentPage.getByRole('button', { name: 'Submit appraisal' }).click();
  await expect(agentPage.getByText('Your appraisal has been sent directly to the potential vendor. Good luck.')).toBeVisible();
  await expect(agentPage).toHaveURL(/\/\?tab=complete$/);
  const sentCard = agentPage.getByRole('article').filter({ hasText: '7 Arden Street' });
  await expect(sentCard).toContainText('Appraisal sent on');
  await expect(sentCard).toContainText('$6,500');

  // ——— The seller reads the appraisal and asks for an appointment ———
  await waitForEmail(request, seller.email, /received an appraisal/i);
  await sellerPage.goto('/');
  await expect(sellerPage.getByText('1 Appraisal', { exact: true })).toBeVisible();
  await sellerPage.goto(`/property/${seller.propertyId}#appraisals`);
  // The appraisal card (its name starts with the agent's); the 'agents asked' list also links 'View appraisal from …'.
  await sellerPage.getByRole('link', { name: new RegExp(`^${agentOne.name}`) }).click();
  await expect(sellerPage).toHaveURL(new RegExp(`/property/${seller.propertyId}/appraisal/[0-9a-f-]+$`));
  const appraisalUrl = sellerPage.url();
  await expect(sellerPage.getByRole('heading', { name: agentOne.name, exact: true })).toBeVisible();
  await expect(sellerPage.getByText('$2,100,000 – $2,310,000')).toBeVisible();
  // The comparable sale says when it sold.
  await expect(sellerPage.getByText('Sold for $2,250,000 on 14 Aug 2026', { exact: true })).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: /^View on example\.com\.au / })).toHaveAttribute(
    'href',
    'https://www.example.com.au/sold/12-fern-street',
  );
  await sellerPage.getByRole('button', { name: 'Read More' }).click();
  await expect(sellerPage.getByRole('button', { name: 'Read Less' })).toBeVisible();
  await expectNoA11yViolations(sellerPage);

  await sellerPage.getByRole('link', { name: 'Request Appointment' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Preferred Appointment Date & Time', level: 1 })).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Request Appointment' }).click();
  await expect(sellerPage.getByText('Date is required')).toBeVisible();
  await expect(sellerPage.getByText('Time is required')).toBeVisible();
  await expectNoA11yViolations(sellerPage);
  await sellerPage.getByRole('button', { name: 'Open calendar' }).click();
  const calendar = sellerPage.getByRole('dialog');
  // Every Sunday is unavailable, future ones included.
  const sundays = calendar.getByRole('button', { name: /^Sunday \d/ });
  expect(await sundays.count()).toBeGreaterThan(3);
  for (const sunday of await sundays.all()) await expect(sunday).toHaveAttribute('aria-disabled', 'true');
  // Past dates are unavailable too.
  const yesterday = yesterdayCell();
  if (yesterday) await expect(calendar.getByRole('button', { name: yesterday })).toHaveAttribute('aria-disabled', 'true');
  const appointmentDay = nextAppointmentCell();
  let cell = calendar.getByRole('button', { name: appointmentDay.cell });
  if ((await cell.count()) === 0) {
    // The month's own Next: React Aria's calendar also holds a hidden one (tabindex -1) for screen readers.
    await calendar.getByRole('button', { name: 'Next' }).filter({ visible: true }).click();
    cell = calendar.getByRole('button', { name: appointmentDay.cell });
  }
  await cell.click();
  await sellerPage.getByLabel('Time').selectOption({ label: '10:30am' });
  await sellerPage.getByRole('button', { name: 'Request Appointment' }).click();
  await expect(sellerPage).toHaveURL(/\/request-complete$/);
  await expect(sellerPage.getByRole('heading', { name: 'Appointment Requested' })).toBeVisible();
  // The confirmation repeats the time asked for, in the property's zone.
  await expect(sellerPage.getByText(`You asked ${agentOne.name} to meet on`)).toContainText('10:30am Sydney time');
  const confirmationViewport = sellerPage.viewportSize()!;
  for (const size of [PHONE, DESKTOP]) {
    await sellerPage.setViewportSize(size);
    await expectNoA11yViolations(sellerPage);
  }
  await sellerPage.setViewportSize(confirmationViewport);
  await sellerPage.goto(appraisalUrl);
  await expect(sellerPage.getByRole('heading', { name: agentOne.name, exact: true })).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: 'Request Appointment' })).toHaveCount(0);
  // A second request is not offered: the same address changes the one asked.
  await sellerPage.goto(`${appraisalUrl}/request-appointment`);
  await expect(sellerPage.getByRole('heading', { name: 'Change your appointment request', level: 1 })).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Request Appointment' })).toHaveCount(0);

  // ——— Agent one: the appointment request, 'New' until contacted ———
  await waitForEmail(request, agentOne.email, /requested an appointment/i);
  await agentPage.goto('/agent/appointment-requests');
  const menuLink = agentPage.getByRole('link', { name: /Appointment Requests/ }).first();
  await expect(menuLink).toContainText('1');
  const appointment = agentPage.getByRole('article').filter({ hasText: 'Vera Vendor' });
  await expect(appointment).toContainText('New');
  await expect(appointment).toContainText(`${appointmentDay.shown}, 10:30am Sydney time`);
  await expect(appointment).toContainText('0412 987 654');
  await expectNoA11yViolations(agentPage);
  // The mail client opening is the browser's business; pressing Email marks the request read.
  await appointment.getByRole('link', { name: /Email/ }).evaluate((link: HTMLAnchorElement) => {
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    link.click();
  });
  await expect(appointment).not.toContainText('New');
  await expect(menuLink).not.toContainText('1');

  // ——— Agent two's request expires after 48 hours ———
  const latePage = await signedInPage(browser, agentTwo.email);
  const lateCard = latePage.getByRole('article').filter({ hasText: 'Property in Rose Bay' });
  await expect(lateCard).toContainText('Pending Appraisal');
  await expect(lateCard).toContainText('New');
  const latePendingTab = latePage.getByRole('tab', { name: /Appraisal Requests/ });
  await expect(latePendingTab).toContainText('1');
  // Opening the request marks it seen, even though its details stay hidden behind the payment condition.
  await lateCard.getByRole('link').click();
  const lateModal = latePage.getByRole('dialog', { name: 'Payment condition' });
  await expect(lateModal).toBeVisible();
  await lateModal.getByRole('button', { name: 'Cancel' }).click();
  await expect(latePage).toHaveURL(/\/$/);
  await expect(lateCard).not.toContainText('New');
  await expect(latePendingTab).toHaveText('Appraisal Requests');
  await advanceClock(request, 49 * HOUR);
  const run = await request.post('/dev/jobs/run', { data: { queue: 'appraisal-requests.expire' } });
  expect(run.ok()).toBe(true);
  await latePage.reload();
  await expect(lateCard).toContainText('Expired');
  await expect(lateCard).not.toContainText('Pending Appraisal');
  await waitForEmail(request, agentTwo.email, /expired/i);
  // Every agent has now answered or expired: the seller is told.
  await waitForEmail(request, seller.email, /all your agents have responded/i);
});
