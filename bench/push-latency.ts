/**
 * `npm run bench -- push-latency`: how long a push takes from the event to the push service. The event is a
 * seller asking one more agent for an appraisal (requestAppraisalsFromMoreAgents, what publishing a listing does for
 * each agent chosen): the request commits with its e-mail and its push, the push job (pg-boss, polled every 0.5 s by
 * the server's workers) encrypts and signs it, and it reaches a local push service on 127.0.0.1 (web-push-testing,
 * which checks the VAPID signature and decrypts it as a browser would). Each event has its own agent and device,
 * quiet hours off. The events go one at a time, then in bursts of several at once; a bounded number of each.
 */
import type { TestServer } from '../apps/server/src/test/harness.ts';
import { startLocalPushService, type LocalSubscription } from '../apps/server/src/test/local-push-service.ts';
import {
  createActiveProperty,
  createAgent,
  createSeller,
  findSuburb,
  gqlOk,
} from '../apps/server/src/modules/appraisals/test-factories.ts';
import { subscribeAgent } from '../apps/server/src/modules/sales/test-factories.ts';
import { printTable, round, startBenchServer } from './lib.ts';

const SEQUENTIAL_EVENTS = 40;
const BURSTS = 4;
const BURST_SIZE = 5;
/** A push that has not arrived after this long counts as lost, and the bench fails. */
const ARRIVAL_TIMEOUT_MS = 30_000;

const ASK_MORE = `mutation($id: ID!, $a: [ID!]!) { requestAppraisalsFromMoreAgents(propertyId: $id, selectedAgents: $a) { id } }`;
const ADD_DEVICE = `mutation($input: AddPushDeviceInput!) { addPushDevice(input: $input) { id } }`;
const QUIET_OFF = `mutation { updateQuietHours(enabled: false, start: "21:00", end: "07:00", timeZone: "Australia/Sydney") { id } }`;
const VAPID_KEY = `{ me { pushNotifications { vapidPublicKey } } }`;

export interface PushLatencyRow {
  events: string;
  count: number;
  /** From the mutation sent to the push reaching the push service. */
  eventToPushP50Ms: number;
  eventToPushP95Ms: number;
  eventToPushMaxMs: number;
  /** From the mutation's answer (the request committed) to the push reaching the push service: the job's part. */
  committedToPushP50Ms: number;
  committedToPushP95Ms: number;
}

interface Event {
  sellerToken: string;
  propertyId: string;
  agentUserId: string;
  subscription: LocalSubscription;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

export async function benchPushLatency(): Promise<PushLatencyRow[]> {
  const running = await startBenchServer();
  const pushService = await startLocalPushService();
  const arrivals = new Map<string, (at: number) => void>();
  pushService.onPush((clientHash, at) => arrivals.get(clientHash)?.(at));
  // The API tests' factories insert the set-up rows directly; they need only the server's deps and a GraphQL call.
  const server = {
    ...running,
    gql: async (query: string, variables?: Record<string, unknown>, token?: string | null) => {
      const response = await fetch(`${running.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return { ...((await response.json()) as object), status: response.status };
    },
  } as unknown as TestServer;
  try {
    const suburb = await findSuburb(server);
    const seller = await createSeller(server);
    const prepare = async (): Promise<Event> => {
      const agent = await createAgent(server, { withCard: true });
      await subscribeAgent(server, agent.userId, suburb.id);
      const { me } = await gqlOk<{ me: { pushNotifications: { vapidPublicKey: string } } }>(server, VAPID_KEY, {}, agent.token);
      const subscription = await pushService.subscribe(me.pushNotifications.vapidPublicKey);
      const device = { endpoint: subscription.endpoint, ...subscription.keys, browser: 'Chrome on Android', timeZone: 'Australia/Sydney' };
      await gqlOk(server, ADD_DEVICE, { input: device }, agent.token);
      await gqlOk(server, QUIET_OFF, {}, agent.token);
      const property = await createActiveProperty(server, seller.userId, { suburbId: suburb.id });
      return { sellerToken: seller.token, propertyId: property.id, agentUserId: agent.userId, subscription };
    };
    const time = async (event: Event) => {
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('a push did not reach the push service')), ARRIVAL_TIMEOUT_MS);
        arrivals.set(event.subscription.clientHash, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const sent = performance.now();
      await gqlOk(server, ASK_MORE, { id: event.propertyId, a: [event.agentUserId] }, event.sellerToken);
      const committed = performance.now();
      const at = await arrived;
      return { fromEvent: at - sent, fromCommit: at - committed };
    };
    const rowOf = (events: string, samples: { fromEvent: number; fromCommit: number }[]): PushLatencyRow => {
      const fromEvent = samples.map((s) => s.fromEvent).sort((a, b) => a - b);
      const fromCommit = samples.map((s) => s.fromCommit).sort((a, b) => a - b);
      return {
        events,
        count: samples.length,
        eventToPushP50Ms: round(percentile(fromEvent, 0.5)),
        eventToPushP95Ms: round(percentile(fromEvent, 0.95)),
        eventToPushMaxMs: round(fromEvent.at(-1)!),
        committedToPushP50Ms: round(percentile(fromCommit, 0.5)),
        committedToPushP95Ms: round(percentile(fromCommit, 0.95)),
      };
    };

    const sequential = [];
    for (let i = 0; i < SEQUENTIAL_EVENTS; i++) sequential.push(await time(await prepare()));
    const bursts = [];
    for (let b = 0; b < BURSTS; b++) {
      const events = [];
      for (let i = 0; i < BURST_SIZE; i++) events.push(await prepare());
      bursts.push(...(await Promise.all(events.map(time))));
    }
    const rows = [rowOf('one at a time', sequential), rowOf(`bursts of ${BURST_SIZE} at once`, bursts)];
    printTable(rows);
    return rows;
  } finally {
    await pushService.stop();
    await running.stop();
  }
}
