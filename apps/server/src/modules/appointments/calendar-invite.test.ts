import { desc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { emailMessages } from '../../db/schema/platform.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createActiveProperty, createSeller, findSuburb } from '../appraisals/test-factories.ts';
import { createSellingAgent, submitAppraisalFor } from '../sales/test-factories.ts';
import { zonedTimeToInstant } from '@listwise/domain/appointment-time';

/**
 * Issue 12: both e-mails of an appointment request carry an RFC 5545 invite (METHOD:REQUEST with ORGANIZER and
 * ATTENDEEs, one UID per appointment, a one-hour event at the requested time in the property's state); 'Add to
 * calendar' downloads the same event as METHOD:PUBLISH (issue 23). Read back with ical.js, a parser independent of
 * the generator.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const REQUEST = `mutation($id: ID!, $date: String, $time: String) {
  requestAppointmentForAgentFromPropertyAppraisal(propertyAppraisalId: $id, appointmentDate: $date, appointmentTime: $time) {
    id appointmentRequest { calendar { ics googleCalendarUrl startsAt } }
  }
}`;

async function appointmentIn(suburb: { name: string; state: string }, date: string, time: string) {
  const seller = await createSeller(server);
  const { id: suburbId } = await findSuburb(server, suburb.name, suburb.state);
  const property = await createActiveProperty(server, seller.userId, { suburbId });
  const agent = await createSellingAgent(server, { name: 'Calendar Agent' });
  await server.deps.db.update(users).set({ mobileNumber: '+61412345678' }).where(eq(users.id, agent.userId));
  const { appraisal } = await submitAppraisalFor(server, property.id, agent.userId);
  const result = await server.gql<{
    requestAppointmentForAgentFromPropertyAppraisal: {
      appointmentRequest: { calendar: { ics: string; googleCalendarUrl: string; startsAt: string } };
    };
  }>(REQUEST, { id: appraisal.id, date, time }, seller.token);
  expect(result.errors).toBeUndefined();
  const emailTo = async (userId: string) => {
    const user = (await server.deps.db.query.users.findFirst({ where: eq(users.id, userId) }))!;
    const [message] = await server.deps.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toAddress, user.email!))
      .orderBy(desc(emailMessages.createdAt))
      .limit(1);
    return message!;
  };
  return {
    seller,
    agent,
    answer: result.data!.requestAppointmentForAgentFromPropertyAppraisal.appointmentRequest.calendar,
    agentEmail: await emailTo(agent.userId),
    sellerEmail: await emailTo(seller.userId),
  };
}

function parseInvite(message: { attachments: { filename: string; contentType: string; contentBase64: string }[] }) {
  expect(message.attachments).toHaveLength(1);
  const [attachment] = message.attachments;
  expect(attachment!.contentType).toBe('text/calendar; method=REQUEST; charset=utf-8');
  const text = Buffer.from(attachment!.contentBase64, 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    text,
    method: calendar.getFirstPropertyValue('method'),
    uid: String(event.getFirstPropertyValue('uid')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    location: String(event.getFirstPropertyValue('location')),
    description: String(event.getFirstPropertyValue('description')),
    summary: String(event.getFirstPropertyValue('summary')),
    organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
    attendees: event.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase()),
    sequence: Number(event.getFirstPropertyValue('sequence')),
  };
}

describe('appointment calendar invites', () => {
  it('puts a NSW appointment at the right UTC time on either side of the end of daylight saving', async () => {
    // Daylight saving ends in NSW on Sunday 4 April 2027: Saturday is AEDT (+11), Monday AEST (+10).
    const before = await appointmentIn({ name: 'bondi', state: 'NSW' }, '2027-04-03', '10:00:00');
    const agentInvite = parseInvite(before.agentEmail);
    expect(agentInvite.method).toBe('REQUEST');
    expect(agentInvite.start).toBe('2027-04-02T23:00:00.000Z');
    expect(agentInvite.end).toBe('2027-04-03T00:00:00.000Z');
    expect(agentInvite.location).toMatch(/Bondi NSW 2026$/);
    expect(agentInvite.text).toContain('X-WR-TIMEZONE:Australia/Sydney');

    const sellerInvite = parseInvite(before.sellerEmail);
    expect(before.sellerEmail.subject).toBe('Your appointment request has been sent');
    expect(sellerInvite.uid).toBe(agentInvite.uid);
    expect(sellerInvite.start).toBe(agentInvite.start);
    expect(sellerInvite.summary).toContain('Calendar Agent');
    expect(sellerInvite.description).toContain('0412 345 678');
    expect(before.answer.startsAt).toBe('2027-04-02T23:00:00.000Z');
    // RFC 5546 §3.2.2: a REQUEST names its organizer and every attendee.
    expect(agentInvite.organizer).toBe('mailto:no-reply@listwise.com.au');
    expect(agentInvite.attendees.sort()).toEqual([`mailto:${before.agent.email}`, `mailto:${before.seller.email}`].sort());
    expect(agentInvite.sequence).toBe(0);
    // The seller's download is PUBLISH: the same event, no attendees (§3.2.1).
    expect(before.answer.ics).toContain('METHOD:PUBLISH');
    expect(before.answer.ics).not.toContain('ATTENDEE');
    expect(before.answer.ics).toContain(`UID:${agentInvite.uid}`);

    const after = await appointmentIn({ name: 'bondi', state: 'NSW' }, '2027-04-05', '10:00:00');
    expect(parseInvite(after.agentEmail).start).toBe('2027-04-05T00:00:00.000Z');
    expect(parseInvite(after.agentEmail).uid).not.toBe(agentInvite.uid);
  });

  it('keeps a WA appointment at UTC+8 all year', async () => {
    const april = await appointmentIn({ name: 'perth', state: 'WA' }, '2027-04-03', '10:00:00');
    const invite = parseInvite(april.agentEmail);
    expect(invite.start).toBe('2027-04-03T02:00:00.000Z');
    expect(invite.text).toContain('X-WR-TIMEZONE:Australia/Perth');
    expect(invite.location).toMatch(/Perth WA 6000$/);
    expect(april.answer.googleCalendarUrl).toContain('dates=20270403T020000Z%2F20270403T030000Z');
    expect(april.answer.googleCalendarUrl).toContain('ctz=Australia%2FPerth');
  });

  it('hands the same invite to the agent through their appointment list, and to no one else', async () => {
    const { agent, answer } = await appointmentIn({ name: 'bondi', state: 'NSW' }, '2027-06-05', '14:30:00');
    const list = await server.gql<{ myAppointmentRequests: { edges: { node: { calendar: { ics: string; startsAt: string } } }[] } }>(
      `{ myAppointmentRequests(first: 5) { edges { node { calendar { ics startsAt } } } } }`,
      {},
      agent.token,
    );
    const calendar = list.data!.myAppointmentRequests.edges[0]!.node.calendar;
    expect(calendar.startsAt).toBe('2027-06-05T04:30:00.000Z');
    expect(calendar.ics).toContain('METHOD:PUBLISH');
    expect(calendar.ics).toContain('SUMMARY:Appraisal appointment');
    expect(answer.ics).toContain('BEGIN:VEVENT');
  });
});

describe('zonedTimeToInstant', () => {
  it('handles the daylight-saving start in Melbourne and an hour that does not exist', () => {
    // Sunday 3 October 2027, 2:00am AEST → 3:00am AEDT in Victoria.
    expect(zonedTimeToInstant('2027-10-02', '10:00:00', 'Australia/Melbourne').toISOString()).toBe('2027-10-02T00:00:00.000Z');
    expect(zonedTimeToInstant('2027-10-04', '10:00:00', 'Australia/Melbourne').toISOString()).toBe('2027-10-03T23:00:00.000Z');
    expect(zonedTimeToInstant('2027-10-04', '10:00:00', 'Australia/Brisbane').toISOString()).toBe('2027-10-04T00:00:00.000Z');
  });
});
