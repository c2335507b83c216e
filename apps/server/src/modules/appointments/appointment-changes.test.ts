import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentTodayIn } from '@listwise/domain/appointment-time';
import { appointmentRequests } from '../../db/schema/appraisals.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createActiveProperty, createSeller, gqlOk } from '../appraisals/test-factories.ts';
import { BANK, createSellingAgent, NOT_SOLD, SOLD, submitAppraisalFor } from '../sales/test-factories.ts';

/**
 * Issue 23 item 13 through the API: the seller's note, changing and cancelling an appointment request (who may,
 * what the agent and both calendars are told), and the requests a completed property cancels.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => server.deps.clock.reset());
afterAll(() => server?.stop());

const REQUEST = `mutation($id: ID!, $date: String, $time: String, $note: String) {
  requestAppointmentForAgentFromPropertyAppraisal(propertyAppraisalId: $id, appointmentDate: $date, appointmentTime: $time, note: $note) {
    id appointmentRequestedBySeller appointmentRequest { id note requestedAppointmentDate requestedAppointmentTime cancelledBy }
  }
}`;
const CHANGE = `mutation($id: ID!, $date: String, $time: String, $note: String) {
  changeAppointmentRequest(id: $id, appointmentDate: $date, appointmentTime: $time, note: $note) {
    id requestedAppointmentDate requestedAppointmentTime note seenByAgent changedAt cancelledAt
  }
}`;
const CANCEL = `mutation($id: ID!) { cancelAppointmentRequest(id: $id) { id cancelledAt cancelledBy } }`;
const APPRAISAL = `query($id: ID!) { propertyAppraisal(id: $id) {
  appointmentRequestedBySeller appointmentRequest { id cancelledBy calendar { ics } }
} }`;
const AGENT_LIST = `{ myAppointmentRequests(first: 10) { edges { node { id note seenByAgent cancelledBy requestedAppointmentTime } } } }`;
const UNREAD = `{ unreadAppointmentRequestsCount }`;

const DAY = 86_400_000;
/** A Monday to Saturday date at least `daysAhead` days after today in Sydney (the test properties are in Bondi). */
function futureWeekday(daysAhead = 3): string {
  for (let offset = daysAhead; ; offset++) {
    const date = appointmentTodayIn(new Date(server.deps.clock.now().getTime() + offset * DAY), 'NSW');
    if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) return date;
  }
}

/** A seller's property in Bondi appraised by `agents` agents; returns each agent with their appraisal's id. */
async function appraisedProperty(agents = 1) {
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId);
  const appraisers = [];
  for (let i = 0; i < agents; i++) {
    const agent = await createSellingAgent(server, { name: `Agent ${i + 1}` });
    const { appraisal } = await submitAppraisalFor(server, property.id, agent.userId);
    appraisers.push({ ...agent, appraisalId: appraisal.id });
  }
  return { seller, property, appraisers };
}

type Requested = { requestAppointmentForAgentFromPropertyAppraisal: { appointmentRequest: { id: string; note: string | null } } };
async function requestFor(token: string, appraisalId: string, vars: { date?: string; time?: string; note?: string | null } = {}) {
  const data = await gqlOk<Requested>(server, REQUEST, { id: appraisalId, date: futureWeekday(), time: '10:30:00', ...vars }, token);
  return data.requestAppointmentForAgentFromPropertyAppraisal.appointmentRequest;
}

/** The newest e-mail of a template to an address, and its calendar invite read back with ical.js. */
async function latestMail(address: string, template: string) {
  const mail = (await server.emailsTo(address)).find((m) => m.template === template);
  expect(mail, `${template} to ${address}`).toBeDefined();
  const [attachment] = mail!.attachments;
  const ics = Buffer.from(attachment!.contentBase64, 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    mail: mail!,
    contentType: attachment!.contentType,
    method: calendar.getFirstPropertyValue('method'),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    attendees: event.getAllProperties('attendee').length,
    description: String(event.getFirstPropertyValue('description')),
  };
}

describe('the note for the agent', () => {
  it('is kept on one line as plain text, shown to the agent and in the e-mail as typed', async () => {
    const { seller, appraisers } = await appraisedProperty();
    const agent = appraisers[0]!;
    const typed = 'Gate code <1234> & "the dog" is friendly.\nPark   on the street';
    const asked = await requestFor(seller.token, agent.appraisalId, { note: typed });
    const stored = 'Gate code <1234> & "the dog" is friendly. Park on the street';
    expect(asked.note).toBe(stored);

    const list = await gqlOk<{ myAppointmentRequests: { edges: { node: { note: string } }[] } }>(server, AGENT_LIST, {}, agent.token);
    expect(list.myAppointmentRequests.edges[0]!.node.note).toBe(stored);

    const { mail, description } = await latestMail(agent.email, 'appointment-requested');
    expect(mail.text).toContain(`Their note: “${stored}”`);
    expect(mail.html).toContain('Gate code &lt;1234&gt; &amp; &quot;the dog&quot;');
    expect(mail.html).not.toContain('<1234>');
    expect(description).toContain(`Note from the seller: ${stored}`);
  });

  it('is refused past 300 characters or with control characters, with the field named', async () => {
    const { seller, appraisers } = await appraisedProperty();
    const vars = { id: appraisers[0]!.appraisalId, date: futureWeekday(), time: '10:30:00' };
    const tooLong = await server.gql(REQUEST, { ...vars, note: 'x'.repeat(301) }, seller.token);
    expect(tooLong.errors![0]!.extensions).toEqual({
      code: 'validation_failed',
      field: 'note',
      reason: 'Note must be at most 300 characters',
    });
    // NUL and the like are refused for every text argument; a direction override (text that reads differently
    // from how it is stored) by the note's own rule.
    const control = await server.gql(REQUEST, { ...vars, note: 'hi\u0000' }, seller.token);
    expect(control.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'note' });
    const override = await server.gql(REQUEST, { ...vars, note: 'invoice\u202Efdp.exe' }, seller.token);
    expect(override.errors![0]!.extensions).toEqual({ code: 'validation_failed', field: 'note', reason: 'Note must be plain text' });
    const none = await gqlOk<Requested>(server, REQUEST, { ...vars, note: '   ' }, seller.token);
    expect(none.requestAppointmentForAgentFromPropertyAppraisal.appointmentRequest.note).toBeNull();
  });
});

describe('changeAppointmentRequest', () => {
  it('moves the request, shows it as new to the agent, and sends both a REQUEST with one more SEQUENCE', async () => {
    const { seller, appraisers } = await appraisedProperty();
    const agent = appraisers[0]!;
    const asked = await requestFor(seller.token, agent.appraisalId, { note: 'Mornings suit' });
    const first = await latestMail(agent.email, 'appointment-requested');
    const [{ node }] = (await gqlOk<{ myAppointmentRequests: { edges: { node: { id: string } }[] } }>(server, AGENT_LIST, {}, agent.token))
      .myAppointmentRequests.edges as [{ node: { id: string } }];
    await gqlOk(server, `mutation($id: ID!) { appointmentRequestSeenByAgent(id: $id) { id } }`, { id: node.id }, agent.token);

    const date = futureWeekday(5);
    const changed = await gqlOk<{ changeAppointmentRequest: Record<string, unknown> }>(
      server,
      CHANGE,
      { id: asked.id, date, time: '14:00:00', note: 'Afternoons now' },
      seller.token,
    );
    expect(changed.changeAppointmentRequest).toMatchObject({
      requestedAppointmentDate: date,
      requestedAppointmentTime: '14:00:00',
      note: 'Afternoons now',
      seenByAgent: false,
      cancelledAt: null,
    });
    expect(changed.changeAppointmentRequest.changedAt).toEqual(expect.any(String));

    const toAgent = await latestMail(agent.email, 'appointment-changed');
    expect(toAgent.method).toBe('REQUEST');
    expect(toAgent.contentType).toBe('text/calendar; method=REQUEST; charset=utf-8');
    expect(toAgent.uid).toBe(first.uid);
    expect(toAgent.sequence).toBe(first.sequence + 1);
    expect(toAgent.attendees).toBe(2);
    expect(toAgent.mail.text).toContain('2:00pm Sydney time (instead of ');
    expect(toAgent.mail.text).toContain('Afternoons now');
    const toSeller = await latestMail(seller.email, 'appointment-change-confirmation');
    expect(toSeller).toMatchObject({ method: 'REQUEST', uid: first.uid, sequence: 1, start: toAgent.start });
    expect((await gqlOk<{ unreadAppointmentRequestsCount: number }>(server, UNREAD, {}, agent.token)).unreadAppointmentRequestsCount).toBe(
      1,
    );

    // The same date, time and note again is no change: no new e-mail, no new SEQUENCE.
    const before = (await server.emailsTo(agent.email)).length;
    await gqlOk(server, CHANGE, { id: asked.id, date, time: '14:00:00', note: ' Afternoons  now ' }, seller.token);
    expect((await server.emailsTo(agent.email)).length).toBe(before);
  });

  it('holds the change to the rules of asking', async () => {
    const { seller, appraisers } = await appraisedProperty();
    const asked = await requestFor(seller.token, appraisers[0]!.appraisalId);
    const yesterday = appointmentTodayIn(new Date(server.deps.clock.now().getTime() - DAY), 'NSW');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: '', time: '10:00:00' }, 'appointmentDate', 'Date is required'],
      [{ date: yesterday, time: '10:00:00' }, 'appointmentDate', 'Date must not be in the past'],
      [{ date: futureWeekday(), time: '19:00:00' }, 'appointmentTime', 'Time must be between 8:00am and 6:00pm, on the hour or half hour'],
      [{ date: futureWeekday(), time: '10:00:00', note: 'n'.repeat(301) }, 'note', 'Note must be at most 300 characters'],
    ];
    for (const [vars, field, reason] of cases) {
      const result = await server.gql(CHANGE, { id: asked.id, ...vars }, seller.token);
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'validation_failed', field, reason });
    }
  });
});

describe('cancelAppointmentRequest', () => {
  it('cancels, tells both calendars with METHOD:CANCEL and a higher SEQUENCE, and lets the seller ask again', async () => {
    const { seller, appraisers } = await appraisedProperty();
    const agent = appraisers[0]!;
    const asked = await requestFor(seller.token, agent.appraisalId);
    await gqlOk(server, CHANGE, { id: asked.id, date: futureWeekday(4), time: '09:00:00' }, seller.token);
    const changed = await latestMail(agent.email, 'appointment-changed');

    const cancelled = await gqlOk<{ cancelAppointmentRequest: { cancelledAt: string; cancelledBy: string } }>(
      server,
      CANCEL,
      { id: asked.id },
      seller.token,
    );
    expect(cancelled.cancelAppointmentRequest.cancelledBy).toBe('SELLER');

    const toAgent = await latestMail(agent.email, 'appointment-cancelled');
    expect(toAgent).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: changed.uid, sequence: 2, start: changed.start });
    expect(toAgent.contentType).toBe('text/calendar; method=CANCEL; charset=utf-8');
    expect(toAgent.mail.text).toContain('has cancelled their appointment request');
    const toSeller = await latestMail(seller.email, 'appointment-cancel-confirmation');
    expect(toSeller).toMatchObject({ method: 'CANCEL', uid: changed.uid, sequence: 2 });

    // 'Add to calendar' on the cancelled appointment: the downloaded bytes say CANCELLED (importing them never revives
    // the event), name the zone before the event and end with CRLF (RFC 5545 §3.1, §3.4, §3.6).
    const seen = await gqlOk<{ propertyAppraisal: { appointmentRequest: { calendar: { ics: string } } } }>(
      server,
      APPRAISAL,
      { id: agent.appraisalId },
      seller.token,
    );
    const ics = seen.propertyAppraisal.appointmentRequest.calendar.ics;
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.indexOf('X-WR-TIMEZONE:Australia/Sydney\r\n')).toBeGreaterThan(0);
    expect(ics.indexOf('X-WR-TIMEZONE:Australia/Sydney\r\n')).toBeLessThan(ics.indexOf('BEGIN:VEVENT'));
    const downloaded = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    expect(downloaded.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(downloaded.getFirstPropertyValue('uid')).toBe(changed.uid);
    expect(downloaded.getFirstPropertyValue('sequence')).toBe(2);

    // The agent still sees it, marked cancelled, and it no longer counts as unread.
    const list = await gqlOk<{ myAppointmentRequests: { edges: { node: { cancelledBy: string } }[] } }>(
      server,
      AGENT_LIST,
      {},
      agent.token,
    );
    expect(list.myAppointmentRequests.edges.map((e) => e.node.cancelledBy)).toEqual(['SELLER']);
    expect((await gqlOk<{ unreadAppointmentRequestsCount: number }>(server, UNREAD, {}, agent.token)).unreadAppointmentRequestsCount).toBe(
      0,
    );

    expect(codeOf(await server.gql(CANCEL, { id: asked.id }, seller.token))).toBe('appointment_request_cancelled');
    expect(codeOf(await server.gql(CHANGE, { id: asked.id, date: futureWeekday(), time: '10:00:00' }, seller.token))).toBe(
      'appointment_request_cancelled',
    );

    // 'Request Appointment' is offered again; a new request is a new event (its own UID).
    const page = await gqlOk<{ propertyAppraisal: { appointmentRequestedBySeller: boolean; appointmentRequest: { cancelledBy: string } } }>(
      server,
      APPRAISAL,
      { id: agent.appraisalId },
      seller.token,
    );
    expect(page.propertyAppraisal).toMatchObject({ appointmentRequestedBySeller: false, appointmentRequest: { cancelledBy: 'SELLER' } });
    const again = await requestFor(seller.token, agent.appraisalId);
    expect(again.id).not.toBe(asked.id);
    expect((await latestMail(agent.email, 'appointment-requested')).uid).not.toBe(changed.uid);
    expect(codeOf(await server.gql(REQUEST, { id: agent.appraisalId, date: futureWeekday(), time: '11:00:00' }, seller.token))).toBe(
      'appointment_already_requested_with_this_agent',
    );
  });

  it('is refused once the appointment’s time has passed where the property is', async () => {
    const { seller, appraisers } = await appraisedProperty();
    const asked = await requestFor(seller.token, appraisers[0]!.appraisalId, { date: futureWeekday(3) });
    server.deps.clock.advance(12 * DAY);
    expect(codeOf(await server.gql(CANCEL, { id: asked.id }, seller.token))).toBe('appointment_request_passed');
    expect(codeOf(await server.gql(CHANGE, { id: asked.id, date: futureWeekday(), time: '10:00:00' }, seller.token))).toBe(
      'appointment_request_passed',
    );
  });
});

describe('who may change or cancel', () => {
  it('is only the seller who asked: not_found for other sellers and bad ids, forbidden to agents, unauthorized without a session', async () => {
    const { seller, appraisers } = await appraisedProperty();
    const agent = appraisers[0]!;
    const asked = await requestFor(seller.token, agent.appraisalId);
    const stranger = await createSeller(server);
    const change = { id: asked.id, date: futureWeekday(), time: '12:00:00' };
    expect(codeOf(await server.gql(CHANGE, change, stranger.token))).toBe('not_found');
    expect(codeOf(await server.gql(CANCEL, { id: asked.id }, stranger.token))).toBe('not_found');
    expect(codeOf(await server.gql(CANCEL, { id: 'nope' }, seller.token))).toBe('not_found');
    expect(codeOf(await server.gql(CHANGE, change, agent.token))).toBe('forbidden');
    expect(codeOf(await server.gql(CANCEL, { id: asked.id }, agent.token))).toBe('forbidden');
    expect(codeOf(await server.gql(CANCEL, { id: asked.id }))).toBe('unauthorized');
    const row = await server.deps.db.query.appointmentRequests.findFirst({ where: eq(appointmentRequests.id, asked.id) });
    expect(row).toMatchObject({ cancelledAt: null, sequence: 0, requestedAppointmentTime: '10:30:00' });
  });
});

describe('a property that completes', () => {
  it('cancels the open requests with the other agents when it sells, and keeps the selling agent’s', async () => {
    const { seller, property, appraisers } = await appraisedProperty(3);
    const [selling, other, past] = appraisers as [(typeof appraisers)[0], (typeof appraisers)[0], (typeof appraisers)[0]];
    const kept = await requestFor(seller.token, selling.appraisalId);
    const dropped = await requestFor(seller.token, other.appraisalId, { note: 'See you then' });
    const asked = await latestMail(other.email, 'appointment-requested');
    // An appointment whose time has already come stays as it was.
    const earlier = await requestFor(seller.token, past.appraisalId);
    await server.deps.db
      .update(appointmentRequests)
      .set({ requestedAppointmentDate: '2020-01-06' })
      .where(eq(appointmentRequests.id, earlier.id));

    await gqlOk(server, SOLD, { propertyId: property.id, sellingAgentId: selling.userId, ...BANK }, seller.token);

    const rows = Object.fromEntries(
      await Promise.all(
        [kept, dropped, earlier].map(async (a) => [
          a.id,
          await server.deps.db.query.appointmentRequests.findFirst({ where: eq(appointmentRequests.id, a.id) }),
        ]),
      ),
    );
    expect(rows[kept.id]).toMatchObject({ cancelledAt: null, cancelledBy: null });
    expect(rows[earlier.id]).toMatchObject({ cancelledAt: null });
    expect(rows[dropped.id]).toMatchObject({ cancelledBy: 'PROPERTY_COMPLETED', sequence: 1 });

    const toAgent = await latestMail(other.email, 'appointment-cancelled');
    expect(toAgent).toMatchObject({ method: 'CANCEL', uid: asked.uid, sequence: 1 });
    expect(toAgent.mail.text).toContain('sold through another agent');
    const toSeller = await latestMail(seller.email, 'appointment-cancel-confirmation');
    expect(toSeller.method).toBe('CANCEL');
    expect(toSeller.mail.text).toContain('no longer for sale through Listwise');
    expect((await server.emailsTo(selling.email)).some((m) => m.template === 'appointment-cancelled')).toBe(false);
  });

  it('cancels every open request when the seller completes it without Listwise', async () => {
    const { seller, property, appraisers } = await appraisedProperty(1);
    const asked = await requestFor(seller.token, appraisers[0]!.appraisalId);
    await gqlOk(server, NOT_SOLD, { propertyId: property.id, completeType: 'DECIDED_NOT_TO_SELL' }, seller.token);
    const row = await server.deps.db.query.appointmentRequests.findFirst({ where: eq(appointmentRequests.id, asked.id) });
    expect(row).toMatchObject({ cancelledBy: 'PROPERTY_COMPLETED' });
    expect((await latestMail(appraisers[0]!.email, 'appointment-cancelled')).mail.text).toContain('closed the listing');
  });
});
