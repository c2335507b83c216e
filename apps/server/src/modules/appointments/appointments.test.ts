import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  createActiveProperty,
  createAgent,
  createAppraisalScenario,
  createRequest,
  createSeller,
  draftCompleteAppraisal,
  gqlOk,
  submitAppraisal,
} from '../appraisals/test-factories.ts';
import { appointmentTodayIn } from '@listwise/domain/appointment-time';

// The scenarios' property is in Bondi, NSW: appointment dates are read in Sydney.
const appointmentToday = (now: Date) => appointmentTodayIn(now, 'NSW');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const REQUEST_APPOINTMENT = `mutation($id: ID!, $date: String, $time: String) {
  requestAppointmentForAgentFromPropertyAppraisal(propertyAppraisalId: $id, appointmentDate: $date, appointmentTime: $time) {
    id appointmentRequestedBySeller
  }
}`;
const LIST = `query($first: Int, $after: String) {
  myAppointmentRequests(first: $first, after: $after) {
    edges { node { id requestedAppointmentDate requestedAppointmentTime requestedBySellerAt seenByAgent sellerName sellerEmail sellerMobileNumber } }
    pageInfo { endCursor hasNextPage }
  }
}`;
const UNREAD = `{ unreadAppointmentRequestsCount }`;
const SEEN = `mutation($id: ID!) { appointmentRequestSeenByAgent(id: $id) { id seenByAgent } }`;

const DAY = 24 * 60 * 60 * 1000;

/** The next date (from the server's 'today') that is not a Sunday, `daysAhead` or more days out. */
function nextWeekday(daysAhead = 1, wantSunday = false): string {
  for (let offset = daysAhead; offset < daysAhead + 8; offset++) {
    const date = appointmentToday(new Date(server.deps.clock.now().getTime() + offset * DAY));
    const isSunday = new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
    if (isSunday === wantSunday) return date;
  }
  throw new Error('unreachable');
}

async function submittedAppraisal() {
  const scenario = await createAppraisalScenario(server);
  const agent = scenario.agents[0]!;
  const appraisalId = await draftCompleteAppraisal(server, agent.token, agent.request.id);
  await submitAppraisal(server, agent.token, appraisalId);
  return { ...scenario, agent, appraisalId };
}

describe('requestAppointmentForAgentFromPropertyAppraisal', () => {
  it('validates the date and time with the spec’s messages', async () => {
    const { seller, appraisalId } = await submittedAppraisal();
    const yesterday = appointmentToday(new Date(server.deps.clock.now().getTime() - DAY));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: '', time: '10:00:00' }, 'appointmentDate', 'Date is required'],
      [{ date: null, time: '10:00:00' }, 'appointmentDate', 'Date is required'],
      [{ date: nextWeekday(), time: '' }, 'appointmentTime', 'Time is required'],
      [{ date: '2026-02-30', time: '10:00:00' }, 'appointmentDate', 'Date is invalid'],
      [{ date: yesterday, time: '10:00:00' }, 'appointmentDate', 'Date must not be in the past'],
      [{ date: nextWeekday(1, true), time: '10:00:00' }, 'appointmentDate', 'Appointments are not available on Sundays'],
      [{ date: nextWeekday(), time: '07:30:00' }, 'appointmentTime', 'Time must be between 8:00am and 6:00pm, on the hour or half hour'],
      [{ date: nextWeekday(), time: '18:30:00' }, 'appointmentTime', 'Time must be between 8:00am and 6:00pm, on the hour or half hour'],
      [{ date: nextWeekday(), time: '10:15:00' }, 'appointmentTime', 'Time must be between 8:00am and 6:00pm, on the hour or half hour'],
    ];
    for (const [vars, field, reason] of cases) {
      const result = await server.gql(REQUEST_APPOINTMENT, { id: appraisalId, ...vars }, seller.token);
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'validation_failed', field, reason });
    }
  });

  it('records the request once, e-mails the agent, and hides the button afterwards', async () => {
    const { seller, agent, appraisalId } = await submittedAppraisal();
    const date = nextWeekday(2);
    const ok = await gqlOk<{ requestAppointmentForAgentFromPropertyAppraisal: { id: string; appointmentRequestedBySeller: boolean } }>(
      server,
      REQUEST_APPOINTMENT,
      { id: appraisalId, date, time: '18:00:00' },
      seller.token,
    );
    expect(ok.requestAppointmentForAgentFromPropertyAppraisal).toEqual({ id: appraisalId, appointmentRequestedBySeller: true });

    const again = await server.gql(REQUEST_APPOINTMENT, { id: appraisalId, date, time: '09:00:00' }, seller.token);
    expect(again.errors![0]).toMatchObject({
      message: 'appointment_already_requested_with_this_agent',
      extensions: { code: 'appointment_already_requested_with_this_agent' },
    });

    const [mail] = (await server.emailsTo(agent.email)).filter((m) => m.template === 'appointment-requested');
    expect(mail!.text).toContain('Test Seller');
    expect(mail!.text).toContain(', 6:00pm Sydney time');
    // The seller's phone and e-mail, which the e-mail asks the agent to use.
    expect(mail!.text).toContain(`Please call them on 0412 345 678 or e-mail ${seller.email} within 24 hours.`);
    expect(mail!.text).toContain('/agent/appointment-requests');

    const list = await gqlOk<{ myAppointmentRequests: { edges: { node: Record<string, unknown> }[] } }>(server, LIST, {}, agent.token);
    expect(list.myAppointmentRequests.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({
        requestedAppointmentDate: date,
        requestedAppointmentTime: '18:00:00',
        seenByAgent: false,
        sellerName: 'Test Seller',
        sellerEmail: seller.email,
        sellerMobileNumber: '+61412345678',
      }),
    ]);
  });

  it('is not_found on other sellers’ appraisals and on drafts, and for agents forbidden', async () => {
    const { seller, agent, appraisalId } = await submittedAppraisal();
    const otherSeller = await createSeller(server);
    expect(
      codeOf(await server.gql(REQUEST_APPOINTMENT, { id: appraisalId, date: nextWeekday(), time: '10:00:00' }, otherSeller.token)),
    ).toBe('not_found');
    expect(codeOf(await server.gql(REQUEST_APPOINTMENT, { id: appraisalId, date: nextWeekday(), time: '10:00:00' }, agent.token))).toBe(
      'forbidden',
    );

    // A draft on the seller's own property is not theirs to see yet.
    const secondAgent = await createAgent(server, { withCard: true });
    const property = await createActiveProperty(server, seller.userId);
    const request = await createRequest(server, property.id, secondAgent.userId);
    const draftId = await draftCompleteAppraisal(server, secondAgent.token, request.id);
    expect(codeOf(await server.gql(REQUEST_APPOINTMENT, { id: draftId, date: nextWeekday(), time: '10:00:00' }, seller.token))).toBe(
      'not_found',
    );
    expect(codeOf(await server.gql(REQUEST_APPOINTMENT, { id: 'nope', date: nextWeekday(), time: '10:00:00' }, seller.token))).toBe(
      'not_found',
    );
  });
});

describe('the agent’s appointment requests', () => {
  // Twelve appraisals sent and asked about: more than the default 30 s on a busy machine.
  it('pages newest first, counts unread, and marks one read', { timeout: 90_000 }, async () => {
    const agent = await createAgent(server, { withCard: true });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const seller = await createSeller(server);
      const property = await createActiveProperty(server, seller.userId, { photos: 1 });
      const request = await createRequest(server, property.id, agent.userId);
      const appraisalId = await draftCompleteAppraisal(server, agent.token, request.id);
      await submitAppraisal(server, agent.token, appraisalId);
      server.deps.clock.advance(60_000);
      await gqlOk(server, REQUEST_APPOINTMENT, { id: appraisalId, date: nextWeekday(), time: '10:30:00' }, seller.token);
      ids.unshift(appraisalId);
    }
    expect((await gqlOk<{ unreadAppointmentRequestsCount: number }>(server, UNREAD, {}, agent.token)).unreadAppointmentRequestsCount).toBe(
      12,
    );

    type Page = {
      myAppointmentRequests: {
        edges: { node: { id: string; requestedBySellerAt: string } }[];
        pageInfo: { endCursor: string; hasNextPage: boolean };
      };
    };
    const first = await gqlOk<Page>(server, LIST, { first: 10 }, agent.token);
    expect(first.myAppointmentRequests.edges).toHaveLength(10);
    expect(first.myAppointmentRequests.pageInfo.hasNextPage).toBe(true);
    const second = await gqlOk<Page>(server, LIST, { first: 10, after: first.myAppointmentRequests.pageInfo.endCursor }, agent.token);
    expect(second.myAppointmentRequests.edges).toHaveLength(2);
    expect(second.myAppointmentRequests.pageInfo.hasNextPage).toBe(false);
    const times = [...first.myAppointmentRequests.edges, ...second.myAppointmentRequests.edges].map((e) =>
      Date.parse(e.node.requestedBySellerAt),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The page the agent's screen reads costs the same SQL statements for 2 requests as for 10 (no N+1).
    const SCREEN = `query($first: Int) { myAppointmentRequests(first: $first) { edges { node {
      id requestedAppointmentDate requestedAppointmentTime seenByAgent sellerName sellerEmail sellerMobileNumber
      property { id streetNumber streetName unitNumber suburb { id name state } photos { id userMedia { id thumbnailUrl } } }
    } } pageInfo { endCursor hasNextPage } } }`;
    const sqlFor = async (pageSize: number) => {
      const counts: number[] = [];
      for (let run = 0; run < 3; run++) {
        const before = server.sqlCount();
        await gqlOk(server, SCREEN, { first: pageSize }, agent.token);
        counts.push(server.sqlCount() - before);
      }
      return Math.min(...counts);
    };
    const ofTwo = await sqlFor(2);
    expect(await sqlFor(10)).toBe(ofTwo);
    expect(ofTwo).toBeLessThanOrEqual(10);

    const newest = first.myAppointmentRequests.edges[0]!.node.id;
    const seen = await gqlOk<{ appointmentRequestSeenByAgent: { seenByAgent: boolean } }>(server, SEEN, { id: newest }, agent.token);
    expect(seen.appointmentRequestSeenByAgent.seenByAgent).toBe(true);
    expect((await gqlOk<{ unreadAppointmentRequestsCount: number }>(server, UNREAD, {}, agent.token)).unreadAppointmentRequestsCount).toBe(
      11,
    );

    const stranger = await createAgent(server);
    expect(codeOf(await server.gql(SEEN, { id: newest }, stranger.token))).toBe('not_found');
    expect(
      (await gqlOk<{ myAppointmentRequests: { edges: unknown[] } }>(server, LIST, {}, stranger.token)).myAppointmentRequests.edges,
    ).toEqual([]);
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(UNREAD, {}, seller.token))).toBe('forbidden');
  });
});
