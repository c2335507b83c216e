import nodePath from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { checkAtBothWidths, PHONE } from './support/a11y.ts';
import { waitForEmail } from './support/api.ts';
import { appraise, createAgent, createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * An appointment seen from devices in other time zones (and its 'Done when'): a seller
 * whose phone is in New York asks the agent of an appraisal of a Sydney (NSW) house for a meeting, changes it and
 * then cancels it; the agent reads it on a phone in London. The request form, the seller's appraisal page, the
 * agent's list and the agent's e-mails all show the day and time where the property is and say so ('Sydney time'),
 * never shifted to either device's zone; the calendar link carries the right instant. The appraisal loop itself
 * (drafting, the first request in Sydney) is appraisal-loop.spec.ts: here it is set up through the API.
 */
const SHOTS = nodePath.join(import.meta.dirname, '../test-results/screens/appointment-elsewhere');
const PASSWORD = 'appointment-elsewhere-1';
const DAY = 24 * 60 * 60 * 1000;
// A suburb of its own, so other journeys' agents never fill its places.
const SUBURB = { name: 'Kensington', state: 'NSW', postcode: '2033' };
const SYDNEY = 'Australia/Sydney';

/** The server's clock (other journeys move it forward): its today decides which dates the form accepts. */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.post('/dev/clock', { data: {} });
  return new Date(((await response.json()) as { now: string }).now);
}

interface AppointmentDay {
  /** YYYY-MM-DD in Sydney. */
  date: string;
  /** The calendar cell's accessible name starts so ('Saturday 28 '). */
  cell: RegExp;
  /** As Listwise writes it: 'Saturday 28 November'. */
  shown: string;
}

/** The first day at least `days` after `from`, in Sydney, that is not a Sunday (the form refuses Sundays). */
function sydneyDayAfter(from: Date, days: number): AppointmentDay {
  for (let offset = days; ; offset++) {
    const at = new Date(from.getTime() + offset * DAY);
    const part = (options: Intl.DateTimeFormatOptions) => at.toLocaleDateString('en-AU', { ...options, timeZone: SYDNEY });
    const weekday = part({ weekday: 'long' });
    if (weekday === 'Sunday') continue;
    const day = Number(part({ day: 'numeric' }));
    const date = at.toLocaleDateString('en-CA', { timeZone: SYDNEY });
    return { date, cell: new RegExp(`^${weekday} ${day} `), shown: `${weekday} ${day} ${part({ month: 'long' })}` };
  }
}

/**
 * The UTC instant of a Sydney wall-clock time, as Google Calendar's `dates` takes it (20261128T233000Z), worked out
 * from the zone's offset on that day as Intl reports it, not with the product's own conversion.
 */
function sydneyInstantStamp(date: string, hour: number, minute: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const noonUtc = new Date(Date.UTC(y, m - 1, d, 2));
  const offset = new Intl.DateTimeFormat('en-AU', { timeZone: SYDNEY, timeZoneName: 'longOffset' })
    .formatToParts(noonUtc)
    .find((p) => p.type === 'timeZoneName')!
    .value.match(/GMT([+-])(\d{2}):(\d{2})/)!;
  const offsetMinutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  const instant = new Date(Date.UTC(y, m - 1, d, hour, minute) - offsetMinutes * 60 * 1000);
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

async function phoneIn(browser: Browser, timezoneId: string, email: string) {
  const context = await browser.newContext({ timezoneId, locale: 'en-AU', viewport: PHONE });
  const page = await context.newPage();
  await loginThroughForm(page, email, PASSWORD);
  return page;
}

test('a seller in New York asks for, changes and cancels an appointment at a Sydney house; the agent in London is told in Sydney time', async ({
  browser,
  request,
}) => {
  // Two phones, four screens at two widths each, and six e-mails: more than the default two minutes on a busy machine.
  test.setTimeout(300_000);
  const suburbId = await findSuburbId(request, SUBURB);
  const agent = await createAgent(request, { name: 'Nina Farzone', suburbId, password: PASSWORD, withCard: true });
  const seller = await createSeller(request, { name: 'Walter Abroad', password: PASSWORD });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Dolphin Street' });
  expect(await publishProperty(request, seller.token, propertyId, [agent.userId])).toBeNull();
  await appraise(request, agent.token, propertyId);

  const now = await serverNow(request);
  const first = sydneyDayAfter(now, 3);
  const second = sydneyDayAfter(new Date(`${first.date}T12:00:00Z`), 1);
  const firstWhen = `${first.shown}, 10:30am Sydney time`;
  const secondWhen = `${second.shown}, 2:00pm Sydney time`;

  // ——— The seller, on a phone in New York, asks for 10:30am on a Sydney day ———
  const sellerPage = await phoneIn(browser, 'America/New_York', seller.email);
  // The device really is elsewhere: its clock reads another hour than Sydney's.
  expect(await sellerPage.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
  await sellerPage.goto(`/property/${propertyId}#appraisals`);
  await sellerPage.getByRole('link', { name: new RegExp(`^${agent.name}`) }).click();
  await expect(sellerPage).toHaveURL(new RegExp(`/property/${propertyId}/appraisal/[0-9a-f-]+$`));
  const appraisalUrl = new URL(sellerPage.url()).pathname;
  // On a phone the button is in view on arrival, not below the whole appraisal.
  await expect(sellerPage.getByRole('link', { name: 'Request Appointment' })).toBeInViewport();
  await sellerPage.getByRole('link', { name: 'Request Appointment' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Preferred Appointment Date & Time', level: 1 })).toBeVisible();
  await expect(sellerPage.getByText('Dates and times are in Sydney time, where the property is.')).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Open calendar' }).click();
  const calendar = sellerPage.getByRole('dialog');
  // The calendar's own 'Next' (the popover also holds a hidden dismiss button of that name).
  const nextMonth = calendar.getByRole('button', { name: 'Next' }).first();
  let cell = calendar.getByRole('button', { name: first.cell });
  if ((await cell.count()) === 0) {
    await nextMonth.click();
    cell = calendar.getByRole('button', { name: first.cell });
  }
  await cell.click();
  await sellerPage.getByLabel('Time (Sydney time)').selectOption({ label: '10:30am' });
  await sellerPage.getByLabel('Note for the agent (optional)').fill('I am overseas; my sister will let you in.');
  await checkAtBothWidths(sellerPage, SHOTS, 'request-form');
  await sellerPage.getByRole('button', { name: 'Request Appointment' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Appointment Requested' })).toBeVisible();

  // The appraisal page shows the request where the house is, and the calendar link holds 10:30 in Sydney as UTC.
  await sellerPage.goto(appraisalUrl);
  const panel = sellerPage.getByRole('region', { name: 'Your appointment request' });
  await expect(panel).toContainText(`You asked ${agent.name} to meet on ${firstWhen}.`);
  const googleLink = panel.getByRole('link', { name: /Google Calendar/ });
  expect(new URL((await googleLink.getAttribute('href'))!).searchParams.get('dates')).toMatch(
    new RegExp(`^${sydneyInstantStamp(first.date, 10, 30)}/`),
  );
  await checkAtBothWidths(sellerPage, SHOTS, 'appraisal-with-request');

  const requested = await waitForEmail(request, agent.email, /^A seller has requested an appointment$/);
  expect(requested.text).toContain(`Walter Abroad would like to meet about 7 Dolphin Street`);
  expect(requested.text).toContain(`on ${firstWhen}.`);
  expect(requested.text).toContain('I am overseas; my sister will let you in.');

  // ——— The agent, on a phone in London, reads the same day and hour ———
  const agentPage = await phoneIn(browser, 'Europe/London', agent.email);
  await agentPage.goto('/agent/appointment-requests');
  const card = agentPage.getByRole('article').filter({ hasText: 'Walter Abroad' });
  await expect(card).toContainText('New');
  await expect(card).toContainText(firstWhen);
  await expect(card).toContainText('I am overseas; my sister will let you in.');
  await checkAtBothWidths(agentPage, SHOTS, 'agent-list-new');

  // ——— The seller changes it to another day at 2:00pm; the agent is told, with the time it replaces ———
  await panel.getByRole('link', { name: 'Change request' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Change your appointment request', level: 1 })).toBeVisible();
  await expect(sellerPage.getByLabel('Time (Sydney time)')).toHaveValue('10:30:00');
  await sellerPage.getByRole('button', { name: 'Open calendar' }).click();
  cell = calendar.getByRole('button', { name: second.cell });
  if ((await cell.count()) === 0) {
    await nextMonth.click();
    cell = calendar.getByRole('button', { name: second.cell });
  }
  await cell.click();
  await sellerPage.getByLabel('Time (Sydney time)').selectOption({ label: '2:00pm' });
  await sellerPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(sellerPage.getByText('Your appointment request has been changed. We have told the agent.')).toBeVisible();
  await expect(panel).toContainText(`You asked ${agent.name} to meet on ${secondWhen}.`);
  expect(new URL((await googleLink.getAttribute('href'))!).searchParams.get('dates')).toMatch(
    new RegExp(`^${sydneyInstantStamp(second.date, 14, 0)}/`),
  );

  const changed = await waitForEmail(request, agent.email, /^A seller has changed their appointment request$/);
  expect(changed.text).toContain(`on ${secondWhen} (instead of ${firstWhen}).`);
  await agentPage.reload();
  await expect(card).toContainText('Changed');
  await expect(card).toContainText(secondWhen);

  // ——— The seller cancels; the agent is told and the list marks it ———
  await panel.getByRole('button', { name: 'Cancel request' }).click();
  const confirm = sellerPage.getByRole('dialog', { name: 'Cancel this appointment request?' });
  await expect(confirm).toContainText(`no longer want to meet on ${secondWhen}`);
  await confirm.getByRole('button', { name: 'Cancel appointment request' }).click();
  await expect(sellerPage.getByText(`We have told ${agent.name} that you cancelled.`)).toBeVisible();
  await expect(sellerPage.getByRole('region', { name: 'Appointment request cancelled' })).toContainText(
    `You cancelled your request to meet ${agent.name} on ${secondWhen}.`,
  );
  await checkAtBothWidths(sellerPage, SHOTS, 'appraisal-cancelled');

  const cancelled = await waitForEmail(request, agent.email, /^An appointment request has been cancelled$/);
  expect(cancelled.text).toContain(`Walter Abroad has cancelled their appointment request for 7 Dolphin Street`);
  expect(cancelled.text).toContain(`on ${secondWhen}.`);
  await agentPage.reload();
  await expect(card).toContainText('Cancelled by the seller.');
  await expect(card).toContainText(secondWhen);
  await expect(card.getByRole('group', { name: /Add to calendar/ })).toHaveCount(0);
  await checkAtBothWidths(agentPage, SHOTS, 'agent-list-cancelled');
  await sellerPage.context().close();
  await agentPage.context().close();
});
