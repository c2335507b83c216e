import fc from 'fast-check';
import type pg from 'pg';
import { postJson } from './http-client.ts';
import { isKnown } from './known-defects.ts';
import { killServerProcess, PASSWORD, startServerProcess, type Person, type ServerProcess, type World } from './world.ts';

/**
 * What sellers, agents and operators can do, as commands of fast-check's model-based testing. Each command calls
 * the GraphQL API over HTTP as the web app does; which of their objects it acts on is read from the database at
 * run time (a pick among the candidates), so every command can run at every step and the server alone decides
 * what is allowed. A refusal is an answer like any other; an `internal_error` is a failure (unless the step was
 * cut short on purpose: a kill, a provider that does not answer).
 */
export interface Model {
  steps: number;
  kills: number;
  timeouts: number;
  /** Accounts closed so far (their tokens are dead; they are never signed in again). */
  closed: Set<string>;
}

export interface Real {
  world: World;
  /** This lane's copy of the world's database (a restarted server opens it again). */
  databaseUrl: string;
  db: pg.Client;
  /** The server every step talks to. It is never killed, as a sequence's other server is. */
  server: ServerProcess;
  /**
   * The lane's second server on the same database, as production runs two: the one a kill takes down, in the middle
   * of a charge or at rest, and starts again as after a crash while the first serves on.
   */
  spare: ServerProcess;
  /** How far the server's clock is ahead of real time: restored after a restart, as the clock is the server's memory. */
  clockOffsetMs: number;
  tokens: Map<string, string>;
  adminToken: string;
  trace: string[];
  /** Requests sent to the server so far (operations, clock moves, job runs): a step that sent none changed nothing. */
  requests: number;
  /**
   * Requests that may have changed what a public page shows: operations that succeeded, or were answered after
   * writing (WRITTEN_THEN_ANSWERED) or not at all, clock moves, job runs and charges cut short.
   */
  changes: number;
}

type Who = Person | 'admin';
interface Answer {
  data: Record<string, unknown> | null;
  code: string | null;
}

const now = (real: Real) => new Date(Date.now() + real.clockOffsetMs);

/**
 * Answers given after something was kept (a declined charge is recorded, a sale confirmed before its lead fee was
 * declined stays confirmed) or whose effect is unknown. Any other refusal is answered from a rolled-back transaction.
 */
const WRITTEN_THEN_ANSWERED = new Set(['payment_declined', 'internal_error', 'service_unavailable']);

/**
 * Each person's own client address, as the model's servers trust X-Forwarded-For (TRUST_PROXY): sellers and agents
 * on one address would have every review held as possibly written by the agent (modules/reviews), so none would be
 * published and no reply ever accepted. Documentation ranges (RFC 5737): headers only, never a destination.
 */
function clientAddressOf(real: Real, who: Who): string {
  if (who === 'admin') return '192.0.2.1';
  const agent = real.world.agents.findIndex((p) => p.userId === who.userId);
  if (agent >= 0) return `203.0.113.${agent + 1}`;
  return `198.51.100.${real.world.sellers.findIndex((p) => p.userId === who.userId) + 1}`;
}

async function post(real: Real, who: Who, query: string, variables: Record<string, unknown>, token: string | undefined): Promise<Answer> {
  real.requests++;
  try {
    const headers: Record<string, string> = { 'x-forwarded-for': clientAddressOf(real, who) };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await postJson(`${real.server.url}/graphql`, { query, variables }, headers);
    const body = JSON.parse(response.text) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
    const code = body.errors?.[0]?.extensions?.code ?? null;
    if (code === null || WRITTEN_THEN_ANSWERED.has(code)) real.changes++;
    return { data: body.data ?? null, code };
  } catch {
    // Cut short: the server may have done part of what was asked.
    real.changes++;
    return { data: null, code: 'no_answer' };
  }
}

async function signIn(real: Real, who: Who): Promise<string | undefined> {
  const email = who === 'admin' ? real.world.admin.email : who.email;
  const answer = await post(
    real,
    who,
    `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
    { e: email, p: PASSWORD },
    undefined,
  );
  return (answer.data?.login as { token: string } | undefined)?.token;
}

/** What each operation answered over the whole run: how often it did something, and each refusal's code. */
export const answers = new Map<string, Map<string, number>>();
function count(query: string, answer: Answer) {
  // The first field, past its alias if it has one.
  const operation = /\{\s*(?:\w+\s*:\s*)?(\w+)/.exec(query)?.[1] ?? 'unknown';
  const tally = answers.get(operation) ?? new Map<string, number>();
  const outcome = answer.code ?? 'ok';
  tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
  answers.set(operation, tally);
}

/** One operation as `who`; a session that has run out (the clock moved on) is signed in again, as a person would. */
export async function call(real: Real, who: Who, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const token = who === 'admin' ? real.adminToken : real.tokens.get(who.userId);
  let answer = await post(real, who, query, variables, token);
  if (answer.code === 'unauthorized') {
    const fresh = await signIn(real, who);
    if (fresh) {
      if (who === 'admin') real.adminToken = fresh;
      else real.tokens.set(who.userId, fresh);
      answer = await post(real, who, query, variables, fresh);
    }
  }
  count(query, answer);
  return answer;
}

class StepFailure extends Error {}

/** An answer no request should get: the server failed where it should have refused or succeeded. */
function expectNoInternalError(real: Real, answer: Answer, what: string, knownDefect?: string) {
  if (answer.code !== 'internal_error') return;
  if (knownDefect && isKnown(knownDefect)) {
    real.trace.push(`  (known defect ${knownDefect})`);
    return;
  }
  throw new StepFailure(`${what} answered internal_error`);
}

const pick = <T>(rows: T[], n: number): T | undefined => (rows.length ? rows[n % rows.length] : undefined);
const rowsOf = async <T extends pg.QueryResultRow>(real: Real, sql: string, params: unknown[] = []) =>
  (await real.db.query<T>(sql, params)).rows;

/** The Sydney calendar date of the server's now (a contract date is on or before it). */
const sydneyToday = (real: Real) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now(real));

abstract class Step implements fc.AsyncCommand<Model, Real> {
  check(model: Readonly<Model>) {
    return model.steps < 10_000;
  }
  async run(model: Model, real: Real) {
    model.steps++;
    real.trace.push(`${model.steps}. ${this.toString()}`);
    await this.act(model, real);
  }
  abstract act(model: Model, real: Real): Promise<void>;
  abstract toString(): string;
}

/** A command from a function: `label` names it in the replay of a failure. */
class Action extends Step {
  constructor(
    private readonly label: string,
    private readonly body: (model: Model, real: Real) => Promise<void>,
  ) {
    super();
  }
  act(model: Model, real: Real) {
    return this.body(model, real);
  }
  toString() {
    return this.label;
  }
}

// ——— Sellers ———

const list = (s: number, agents: number) =>
  new Action(`seller ${s} lists, asking agents ${agents.toString(2)}`, async (model, real) => {
    const seller = real.world.sellers[s]!;
    if (model.closed.has(seller.userId)) return;
    const serving = await rowsOf<{ id: string }>(
      real,
      `select distinct s.agent_user_id as id from suburb_subscriptions s join users u on u.id = s.agent_user_id
       where s.suburb_id = $1 and s.cancelled_at is null and s.expires_at > $2 and u.deleted_at is null order by 1`,
      [real.world.suburbIds[0], now(real)],
    );
    const selected = serving.filter((_, i) => agents & (1 << i)).map((r) => r.id);
    const answer = await call(
      real,
      seller,
      `mutation($p: ID!, $a: [ID!]!) { publishProperty(propertyId: $p, selectedAgents: $a, askListwiseForMoreAgents: true) { id state } }`,
      { p: seller.propertyId, a: selected },
    );
    expectNoInternalError(real, answer, 'publishProperty');
  });

const withdraw = (s: number) =>
  new Action(`seller ${s} withdraws the listing`, async (model, real) => {
    const seller = real.world.sellers[s]!;
    if (model.closed.has(seller.userId)) return;
    const answer = await call(
      real,
      seller,
      `mutation($p: ID!) { withdrawProperty(propertyId: $p, completeType: DECIDED_NOT_TO_SELL) { id } }`,
      {
        p: seller.propertyId,
      },
    );
    expectNoInternalError(real, answer, 'withdrawProperty');
  });

const relist = (s: number) =>
  new Action(`seller ${s} relists`, async (model, real) => {
    const seller = real.world.sellers[s]!;
    if (model.closed.has(seller.userId)) return;
    const answer = await call(real, seller, `mutation($p: ID!) { relistProperty(propertyId: $p) { id } }`, { p: seller.propertyId });
    expectNoInternalError(real, answer, 'relistProperty');
  });

const requestMore = (s: number, n: number) =>
  new Action(`seller ${s} asks one more agent (${n})`, async (model, real) => {
    const seller = real.world.sellers[s]!;
    if (model.closed.has(seller.userId)) return;
    const candidates = await rowsOf<{ id: string }>(
      real,
      `select distinct s.agent_user_id as id from suburb_subscriptions s
       where s.suburb_id = $1 and s.cancelled_at is null and s.expires_at > $2
         and not exists (select 1 from property_appraisal_requests r where r.property_id = $3 and r.agent_user_id = s.agent_user_id)
       order by 1`,
      [real.world.suburbIds[0], now(real), seller.propertyId],
    );
    const agent = pick(candidates, n);
    if (!agent) return;
    const answer = await call(
      real,
      seller,
      `mutation($p: ID!, $a: [ID!]!) { requestAppraisalsFromMoreAgents(propertyId: $p, selectedAgents: $a) { id } }`,
      { p: seller.propertyId, a: [agent.id] },
    );
    expectNoInternalError(real, answer, 'requestAppraisalsFromMoreAgents');
  });

/** Seller `s`, or when their property has no appraisal yet, the first open seller whose property has one. */
async function sellerWithAppraisals(real: Real, model: Model, s: number) {
  const { rows } = await real.db.query<{ id: string }>(
    `select distinct p.seller_user_id as id from property_appraisals a join properties p on p.id = a.property_id where a.state = 'SUBMITTED'`,
  );
  const open = real.world.sellers.filter((p) => !model.closed.has(p.userId) && rows.some((r) => r.id === p.userId));
  return open.find((p) => p.userId === real.world.sellers[s]!.userId) ?? open[0];
}

const reportSale = (s: number, n: number) =>
  new Action(`seller ${s} reports a sale through an agent who appraised (${n})`, async (model, real) => {
    const seller = await sellerWithAppraisals(real, model, s);
    if (!seller) return;
    const appraisers = await rowsOf<{ id: string }>(
      real,
      `select distinct agent_user_id as id from property_appraisals where property_id = $1 and state = 'SUBMITTED' order by 1`,
      [seller.propertyId],
    );
    const agent = pick(appraisers, n);
    if (!agent) return;
    const answer = await call(
      real,
      seller,
      `mutation($p: ID!, $a: ID!, $n: String!, $num: String!, $bsb: String!) {
        propertySoldThroughListwise(propertyId: $p, sellingAgentId: $a, accountName: $n, accountNumber: $num, bsb: $bsb) { id }
      }`,
      { p: seller.propertyId, a: agent.id, n: seller.name, num: seller.accountNumber, bsb: '734912' },
    );
    expectNoInternalError(real, answer, 'propertySoldThroughListwise');
  });

const review = (s: number, n: number, held: boolean) =>
  new Action(`seller ${s} reviews an appraisal (${n}${held ? ', with a phone number: held' : ''})`, async (model, real) => {
    const seller = await sellerWithAppraisals(real, model, s);
    if (!seller) return;
    const appraisals = await rowsOf<{ id: string }>(
      real,
      `select id from property_appraisals where property_id = $1 and state = 'SUBMITTED' order by id`,
      [seller.propertyId],
    );
    const appraisal = pick(appraisals, n);
    if (!appraisal) return;
    const text = held
      ? 'Clear appraisal and quick answers. Call me on 0412 345 678 to hear more about it.'
      : 'Clear appraisal, honest range and quick answers to every question we asked.';
    const answer = await call(
      real,
      seller,
      `mutation($id: ID!, $t: String!) { submitAgentReview(propertyAppraisalId: $id, rating: 4, text: $t) { id } }`,
      {
        id: appraisal.id,
        t: text,
      },
    );
    expectNoInternalError(real, answer, 'submitAgentReview');
  });

// ——— Agents ———

/**
 * The object an agent's step acts on: one of agent `a`'s when they have any, otherwise any open agent's (who then
 * acts), so a step is rarely without something to do. `sql` answers rows of `id` and `agent`.
 */
async function agentTarget(real: Real, model: Model, a: number, n: number, sql: string) {
  const rows = (await rowsOf<{ id: string; agent: string }>(real, sql)).filter((r) => !model.closed.has(r.agent));
  const own = rows.filter((r) => r.agent === real.world.agents[a]!.userId);
  const row = pick(own.length ? own : rows, n);
  const agent = row && real.world.agents.find((p) => p.userId === row.agent);
  return row && agent ? { id: row.id, agent } : undefined;
}

const PENDING_REQUESTS = `select id, agent_user_id as agent from property_appraisal_requests where state = 'PENDING' order by id`;
const UNANSWERED_SALES = `select id, selling_agent_user_id as agent from property_sales where confirmed_at is null and disputed_at is null order by id`;

const appraise = (a: number, n: number) =>
  new Action(`agent ${a} appraises a request (${n})`, async (model, real) => {
    const request = await agentTarget(real, model, a, n, PENDING_REQUESTS);
    if (!request) return;
    const { agent } = request;
    const steps: [string, Record<string, unknown>][] = [
      [`mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: request.id }],
    ];
    for (const [query, variables] of steps) {
      const answer = await call(real, agent, query, variables);
      expectNoInternalError(real, answer, 'acceptPaymentCondition');
      if (!answer.data) return;
    }
    const started = await call(
      real,
      agent,
      `mutation($id: ID!) { startNewDraftPropertyAppraisal(propertyAppraisalRequestId: $id) { id } }`,
      {
        id: request.id,
      },
    );
    expectNoInternalError(real, started, 'startNewDraftPropertyAppraisal');
    const id = (started.data?.startNewDraftPropertyAppraisal as { id: string } | undefined)?.id;
    if (!id) return;
    // The draft's four parts in one request (GraphQL runs a mutation's fields one after the other), then the submit.
    const drafted = await call(
      real,
      agent,
      `mutation($id: ID!) {
        range: updateDraftPropertyAppraisalSellingRange(propertyAppraisalId: $id, sellingRangeMin: 1200000, sellingRangeMax: 1320000) { id }
        commission: updateDraftPropertyAppraisalCommission(propertyAppraisalId: $id, commissionType: PERCENTAGE, percentageRate: 2.2) { id }
        marketing: updateDraftPropertyAppraisalMarketingFee(propertyAppraisalId: $id, costDollars: 4500, marketingInclusions: ["Photography"]) { id }
        notes: updateDraftPropertyAppraisalAdditionalNotes(propertyAppraisalId: $id, additionalNotes: "Strong demand for ocean views.") { id }
      }`,
      { id },
    );
    expectNoInternalError(real, drafted, 'updateDraftPropertyAppraisal…');
    if (!drafted.data || Object.values(drafted.data).some((field) => field === null)) return;
    const submitted = await call(real, agent, `mutation($id: ID!) { submitPropertyAppraisal(propertyAppraisalId: $id) { id } }`, { id });
    expectNoInternalError(real, submitted, 'submitPropertyAppraisal');
  });

const decline = (a: number, n: number) =>
  new Action(`agent ${a} declines a request (${n})`, async (model, real) => {
    const request = await agentTarget(real, model, a, n, PENDING_REQUESTS);
    if (!request) return;
    const answer = await call(
      real,
      request.agent,
      `mutation($id: ID!) { declinePropertyAppraisalRequest(id: $id, reason: TOO_BUSY) { id } }`,
      {
        id: request.id,
      },
    );
    expectNoInternalError(real, answer, 'declinePropertyAppraisalRequest');
  });

const agentSale = async (real: Real, agent: Person, n: number) =>
  pick(
    await rowsOf<{ id: string }>(
      real,
      `select id from property_sales where selling_agent_user_id = $1 and confirmed_at is null and disputed_at is null order by id`,
      [agent.userId],
    ),
    n,
  );

export const CONFIRM = `mutation($id: ID!, $price: Float!, $date: String!) { confirmPropertySale(id: $id, salePrice: $price, contractDate: $date) { id } }`;

const confirm = (a: number, n: number) =>
  new Action(`agent ${a} confirms a sale (${n})`, async (model, real) => {
    const sale = await agentTarget(real, model, a, n, UNANSWERED_SALES);
    if (!sale) return;
    const answer = await call(real, sale.agent, CONFIRM, { id: sale.id, price: 1_250_000, date: sydneyToday(real) });
    expectNoInternalError(real, answer, 'confirmPropertySale');
  });

const dispute = (a: number, n: number) =>
  new Action(`agent ${a} disputes a sale (${n})`, async (model, real) => {
    const sale = await agentTarget(real, model, a, n, UNANSWERED_SALES);
    if (!sale) return;
    const answer = await call(real, sale.agent, `mutation($id: ID!) { disputePropertySale(id: $id, reason: "Not my sale") { id } }`, {
      id: sale.id,
    });
    expectNoInternalError(real, answer, 'disputePropertySale');
  });

const reply = (a: number, n: number) =>
  new Action(`agent ${a} replies to a review (${n})`, async (model, real) => {
    const target = await agentTarget(real, model, a, n, `select id, agent_user_id as agent from agent_reviews order by id`);
    if (!target) return;
    const answer = await call(
      real,
      target.agent,
      `mutation($id: ID!) { replyToAgentReview(reviewId: $id, text: "Thank you for the kind words.") { id } }`,
      {
        id: target.id,
      },
    );
    expectNoInternalError(real, answer, 'replyToAgentReview');
  });

export const SUBSCRIBE = `mutation($ids: [ID!]!) { subscribeToSuburbs(suburbIds: $ids) { id } }`;

const subscribe = (a: number, suburbs: number) =>
  new Action(`agent ${a} subscribes to suburbs ${suburbs.toString(2)}`, async (model, real) => {
    const agent = real.world.agents[a]!;
    if (model.closed.has(agent.userId)) return;
    const ids = real.world.suburbIds.filter((_, i) => suburbs & (1 << i)).map(String);
    if (!ids.length) return;
    const answer = await call(real, agent, SUBSCRIBE, { ids });
    expectNoInternalError(real, answer, 'subscribeToSuburbs');
  });

const ownSubscription = async (real: Real, agent: Person, n: number, where: string) =>
  pick(
    await rowsOf<{ id: string }>(
      real,
      `select id from suburb_subscriptions s where agent_user_id = $1 and ${where} order by id`,
      where.includes('$2') ? [agent.userId, now(real)] : [agent.userId],
    ),
    n,
  );

const cancel = (a: number, n: number) =>
  new Action(`agent ${a} cancels a subscription (${n})`, async (model, real) => {
    const agent = real.world.agents[a]!;
    if (model.closed.has(agent.userId)) return;
    const subscription = await ownSubscription(real, agent, n, `s.cancelled_at is null and s.expires_at > $2`);
    if (!subscription) return;
    const answer = await call(real, agent, `mutation($id: ID!) { cancelSuburbSubscription(suburbSubscriptionId: $id) { id } }`, {
      id: subscription.id,
    });
    expectNoInternalError(real, answer, 'cancelSuburbSubscription');
  });

export const RENEW = `mutation($id: ID!) { renewSuburbSubscription(suburbSubscriptionId: $id) { id } }`;

const renew = (a: number, n: number, lapsed: boolean) =>
  new Action(`agent ${a} ${lapsed ? 'reactivates a lapsed' : 'renews a cancelled'} subscription (${n})`, async (model, real) => {
    const agent = real.world.agents[a]!;
    if (model.closed.has(agent.userId)) return;
    const subscription = await ownSubscription(
      real,
      agent,
      n,
      lapsed ? `s.expires_at <= $2` : `s.cancelled_at is not null and s.expires_at > $2`,
    );
    if (!subscription) return;
    const answer = await call(real, agent, RENEW, { id: subscription.id });
    expectNoInternalError(real, answer, 'renewSuburbSubscription');
  });

const switchCard = (a: number, declining: boolean) =>
  new Action(`agent ${a} saves a card that ${declining ? 'the provider declines' : 'charges'}`, async (model, real) => {
    const agent = real.world.agents[a]!;
    if (model.closed.has(agent.userId)) return;
    const intent = await call(real, agent, `mutation { stripeCreateSetupIntent { id } }`);
    expectNoInternalError(real, intent, 'stripeCreateSetupIntent');
    const answer = await call(real, agent, `mutation($id: String!) { stripeConfirmPaymentMethod(stripePaymentMethodId: $id) { id } }`, {
      id: declining ? 'pm_card_chargeDeclined' : 'pm_card_visa',
    });
    expectNoInternalError(real, answer, 'stripeConfirmPaymentMethod');
  });

// ——— Anyone ———

const closeAccount = (kind: 'seller' | 'agent', i: number) =>
  new Action(`${kind} ${i} closes their account`, async (model, real) => {
    const person = kind === 'seller' ? real.world.sellers[i]! : real.world.agents[i]!;
    if (model.closed.has(person.userId)) return;
    const reviewed =
      kind === 'seller' && (await rowsOf(real, `select 1 from agent_reviews where seller_user_id = $1`, [person.userId])).length > 0;
    if (reviewed && isKnown('closeAfterReview')) return;
    const answer = await call(real, person, `mutation($p: String!) { deleteMyAccount(password: $p) }`, { p: PASSWORD });
    expectNoInternalError(real, answer, 'deleteMyAccount');
    if (answer.data?.deleteMyAccount) model.closed.add(person.userId);
  });

// ——— Operators ———

const settle = (n: number, outcome: 'SALE_STANDS' | 'SALE_VOID') =>
  new Action(`operator settles a sale (${n}): ${outcome}`, async (_model, real) => {
    const sale = pick(
      await rowsOf<{ id: string }>(
        real,
        `select id from property_sales where dispute_settled_at is null and confirmed_at is null order by id`,
      ),
      n,
    );
    if (!sale) return;
    const answer = await call(
      real,
      'admin',
      `mutation($id: ID!, $o: DisputeSettlement!, $price: Float, $date: String) {
        settleDisputedPropertySale(propertySaleId: $id, outcome: $o, reason: "Checked with the agency", salePrice: $price, contractDate: $date) { id }
      }`,
      { id: sale.id, o: outcome, ...(outcome === 'SALE_STANDS' && { price: 1_250_000, date: sydneyToday(real) }) },
    );
    expectNoInternalError(real, answer, 'settleDisputedPropertySale');
  });

const waive = (n: number) =>
  new Action(`operator waives a lead fee (${n})`, async (_model, real) => {
    const sale = pick(
      await rowsOf<{ id: string }>(real, `select id from property_sales where lead_fee_status in ('FAILED', 'PENDING') order by id`),
      n,
    );
    if (!sale) return;
    const answer = await call(real, 'admin', `mutation($id: ID!) { waiveLeadFee(propertySaleId: $id, reason: "Goodwill") { id } }`, {
      id: sale.id,
    });
    expectNoInternalError(real, answer, 'waiveLeadFee');
  });

const retryLeadFee = (n: number) =>
  new Action(`operator retries a declined lead fee (${n})`, async (_model, real) => {
    const sale = pick(await rowsOf<{ id: string }>(real, `select id from property_sales where lead_fee_status = 'FAILED' order by id`), n);
    if (!sale) return;
    const answer = await call(real, 'admin', `mutation($id: ID!) { retryLeadFeeCharge(propertySaleId: $id) { id } }`, { id: sale.id });
    expectNoInternalError(real, answer, 'retryLeadFeeCharge');
  });

/** The claims a payout file must hold: those of the batch not returned since. */
async function checkPayoutFile(real: Real, batchId: string, claimIds: string[]) {
  const returned = await rowsOf<{ claim_id: string }>(
    real,
    `select claim_id from cashback_payout_batch_claims where batch_id = $1 and returned_at is not null`,
    [batchId],
  );
  const stale = returned.filter((r) => claimIds.includes(r.claim_id));
  if (stale.length && !isKnown('redownloadServesReturned')) {
    throw new StepFailure(
      `payout file of batch ${batchId} pays claims returned to payable since: ${stale.map((r) => r.claim_id).join(', ')}`,
    );
  }
}

const downloadPayouts = () =>
  new Action(`operator downloads the payout file`, async (_model, real) => {
    const answer = await call(
      real,
      'admin',
      `mutation($p: String!) { downloadCashbackPayouts(format: CSV, password: $p) { id claimIds } }`,
      {
        p: PASSWORD,
      },
    );
    expectNoInternalError(real, answer, 'downloadCashbackPayouts');
    const file = answer.data?.downloadCashbackPayouts as { id: string; claimIds: string[] } | undefined;
    if (file) await checkPayoutFile(real, file.id, file.claimIds);
  });

const redownloadBatch = (n: number) =>
  new Action(`operator downloads a batch again (${n})`, async (_model, real) => {
    const batch = pick(await rowsOf<{ id: string }>(real, `select id from cashback_payout_batches order by created_at, id`), n);
    if (!batch) return;
    const answer = await call(
      real,
      'admin',
      `mutation($id: ID!, $p: String!) { downloadCashbackPayoutBatch(batchId: $id, format: CSV, password: $p) { id claimIds } }`,
      { id: batch.id, p: PASSWORD },
    );
    expectNoInternalError(real, answer, 'downloadCashbackPayoutBatch');
    const file = answer.data?.downloadCashbackPayoutBatch as { id: string; claimIds: string[] } | undefined;
    if (file) await checkPayoutFile(real, file.id, file.claimIds);
  });

const markBatchPaid = (n: number) =>
  new Action(`operator marks a batch paid (${n})`, async (_model, real) => {
    const batch = pick(
      await rowsOf<{ id: string }>(real, `select id from cashback_payout_batches where paid_at is null order by created_at, id`),
      n,
    );
    if (!batch) return;
    const answer = await call(real, 'admin', `mutation($id: ID!) { markCashbackPayoutBatchPaid(batchId: $id) { id } }`, { id: batch.id });
    expectNoInternalError(real, answer, 'markCashbackPayoutBatchPaid');
  });

const markClaimPaid = (n: number) =>
  new Action(`operator marks a claim paid (${n})`, async (_model, real) => {
    const statuses = isKnown('markPaidInPayout') ? `('PAYABLE')` : `('PAYABLE', 'IN_PAYOUT')`;
    const claim = pick(await rowsOf<{ id: string }>(real, `select id from cashback_claims where status in ${statuses} order by id`), n);
    if (!claim) return;
    const answer = await call(real, 'admin', `mutation($id: ID!) { markCashbackClaimPaid(cashbackClaimId: $id) { id } }`, { id: claim.id });
    expectNoInternalError(real, answer, 'markCashbackClaimPaid');
  });

const returnClaim = (n: number) =>
  new Action(`operator returns a claim to payable (${n})`, async (_model, real) => {
    const claim = pick(
      await rowsOf<{ id: string }>(real, `select id from cashback_claims where status in ('IN_PAYOUT', 'PAID') order by id`),
      n,
    );
    if (!claim) return;
    const answer = await call(
      real,
      'admin',
      `mutation($id: ID!) { returnCashbackClaimToPayable(cashbackClaimId: $id, reason: "The bank returned the payment") { id } }`,
      { id: claim.id },
    );
    expectNoInternalError(real, answer, 'returnCashbackClaimToPayable');
  });

// ——— Time, jobs, the provider and the process ———

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const CLOCK_STEPS = [HOUR, 2 * DAY, 8 * DAY, 15 * DAY, 40 * DAY, 200 * DAY, 366 * DAY];

/**
 * Both servers' clocks (each keeps its own): the spare's workers and a charge sent to it see the model's time. A
 * restart sets the new process's alone.
 */
export async function setClock(real: Real, servers = [real.server, real.spare]) {
  real.requests++;
  real.changes++;
  await Promise.all(servers.map((server) => postJson(`${server.url}/dev/clock`, { reset: true, advanceMs: real.clockOffsetMs })));
}

const advanceClock = (ms: number) =>
  new Action(`the clock moves ${ms >= DAY ? `${ms / DAY} days` : `${ms / HOUR} hours`}`, async (_model, real) => {
    real.clockOffsetMs += ms;
    await setClock(real);
  });

/** The scheduled jobs that move states on, run as the server's workers run them (the dev job runner calls the same handlers). */
export const JOBS = [
  'appraisal-requests.expire',
  'subscriptions.renew',
  'payments.reconcile',
  'sales.retry-lead-fees',
  'reviews.invite',
  'email.sweep-outbox',
] as const;

/** The job handlers of `queues`, one after the other, in one request (POST /dev/jobs/run). */
export async function runJobs(real: Real, queues: readonly string[]) {
  real.requests++;
  real.changes++;
  const response = await postJson(`${real.server.url}/dev/jobs/run`, { queues }).catch(() => null);
  if (response && response.status >= 500) throw new StepFailure(`jobs ${queues.join(', ')} failed: ${response.text}`);
}

const jobsRun = (which: number) =>
  new Action(`the jobs run (${which === JOBS.length ? 'all' : JOBS[which]})`, async (_model, real) => {
    await runJobs(real, which === JOBS.length ? JOBS : [JOBS[which]!]);
  });

/** A charging action for the steps that cut a charge short: a suburb purchase, a sale confirmed, a reactivation. */
async function chargingAction(real: Real, kind: number, n: number): Promise<() => Promise<Answer>> {
  const agents = real.world.agents;
  const agent = agents[n % agents.length]!;
  if (kind === 0) {
    const ids = [real.world.suburbIds[(n % (real.world.suburbIds.length - 1)) + 1]!].map(String);
    return () => call(real, agent, SUBSCRIBE, { ids });
  }
  if (kind === 1) {
    const sale = await agentSale(real, agent, n);
    if (sale) return () => call(real, agent, CONFIRM, { id: sale.id, price: 1_250_000, date: sydneyToday(real) });
  }
  const lapsed = await ownSubscription(real, agent, n, `s.expires_at <= $2`);
  if (lapsed) return () => call(real, agent, RENEW, { id: lapsed.id });
  return () => call(real, agent, SUBSCRIBE, { ids: [String(real.world.suburbIds[2])] });
}

/**
 * The provider does not answer in time: its table (before it takes the money) or the ledger's invoice (after it took
 * it, as the outcome is recorded) is locked, and the statement that waits on the lock is cancelled, as a timeout
 * cancels it. The server sees an error from the provider call or from recording its outcome.
 */
const gatewayTimesOut = (after: boolean, kind: number, n: number) =>
  new Action(
    `the provider times out ${after ? 'after taking the money' : 'before taking the money'} (charge ${kind}, ${n})`,
    async (model, real) => {
      const action = await chargingAction(real, kind, n);
      // Cut short, the operation answers an error but may have written what it did before the provider's call.
      real.changes++;
      const table = after ? 'tax_invoices' : 'test_gateway_payment_intents';
      await real.db.query(`begin; lock table ${table} in access exclusive mode`);
      let settled = false;
      const running = action().finally(() => (settled = true));
      try {
        const deadline = Date.now() + 5_000;
        while (!settled && Date.now() < deadline) {
          const { rows } = await real.db.query<{ pid: number }>(
            `select pid from pg_locks where relation = $1::regclass and not granted and pid <> pg_backend_pid()`,
            [table],
          );
          if (rows.length) {
            for (const row of rows) await real.db.query('select pg_cancel_backend($1)', [row.pid]);
            model.timeouts++;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      } finally {
        await real.db.query('rollback');
      }
      await running;
    },
  );

/**
 * kill -9 of a server, at rest or while a charge sent to it is in flight, then its start as after a crash (the clock
 * restored). The killed one is the lane's spare: the steps that follow are served by the other, as a second server
 * serves on in production. A restarted process serving the steps would serve the rest of the run cold, its code
 * compiled afresh as each path is first taken: about 4 processor-seconds a kill, 2.3 s of a run (docs/development.md).
 */
const kill = (inFlight: boolean, kind: number, delayMs: number) =>
  new Action(`kill -9 of a server${inFlight ? ` ${delayMs} ms into a charge (${kind})` : ''}, and its restart`, async (model, real) => {
    const serving = real.server;
    // The charge goes to the server about to be killed (a session signed in again on the way too).
    real.server = real.spare;
    try {
      let running: Promise<unknown> = Promise.resolve();
      if (inFlight) {
        const action = await chargingAction(real, kind, delayMs);
        running = action();
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      await killServerProcess(real.spare);
      await running;
    } finally {
      real.server = serving;
    }
    real.spare = await startServerProcess(real.databaseUrl);
    await setClock(real, [real.spare]);
    model.kills++;
  });

/** The kill of a sequence that has one: at rest or a few milliseconds into a charge. */
export const killArbitrary = fc.tuple(fc.boolean(), fc.nat({ max: 2 }), fc.nat({ max: 25 })).map(([f, k, d]) => kill(f, k, d));

// ——— The arbitrary of a sequence ———

const seller = fc.nat({ max: 2 });
const agent = fc.nat({ max: 3 });
const n = fc.nat({ max: 7 });

/** Every step, weighted so a sequence of 30 or 40 reaches sales, claims, payouts and renewals. */
export const stepArbitrary = () =>
  fc.oneof(
    { weight: 6, arbitrary: fc.tuple(seller, fc.nat({ max: 15 })).map(([s, a]) => list(s, a)) },
    { weight: 1, arbitrary: seller.map(withdraw) },
    { weight: 1, arbitrary: seller.map(relist) },
    { weight: 2, arbitrary: fc.tuple(seller, n).map(([s, i]) => requestMore(s, i)) },
    { weight: 6, arbitrary: fc.tuple(agent, n).map(([a, i]) => appraise(a, i)) },
    { weight: 1, arbitrary: fc.tuple(agent, n).map(([a, i]) => decline(a, i)) },
    { weight: 5, arbitrary: fc.tuple(seller, n).map(([s, i]) => reportSale(s, i)) },
    { weight: 4, arbitrary: fc.tuple(agent, n).map(([a, i]) => confirm(a, i)) },
    { weight: 1, arbitrary: fc.tuple(agent, n).map(([a, i]) => dispute(a, i)) },
    { weight: 2, arbitrary: fc.tuple(n, fc.boolean()).map(([i, stands]) => settle(i, stands ? 'SALE_STANDS' : 'SALE_VOID')) },
    { weight: 1, arbitrary: n.map(waive) },
    { weight: 1, arbitrary: n.map(retryLeadFee) },
    { weight: 2, arbitrary: fc.tuple(seller, n, fc.boolean()).map(([s, i, held]) => review(s, i, held)) },
    { weight: 1, arbitrary: fc.tuple(agent, n).map(([a, i]) => reply(a, i)) },
    { weight: 4, arbitrary: fc.tuple(agent, fc.nat({ max: 127 })).map(([a, m]) => subscribe(a, m)) },
    { weight: 2, arbitrary: fc.tuple(agent, n).map(([a, i]) => cancel(a, i)) },
    { weight: 2, arbitrary: fc.tuple(agent, n, fc.boolean()).map(([a, i, lapsed]) => renew(a, i, lapsed)) },
    { weight: 1, arbitrary: fc.tuple(agent, fc.boolean()).map(([a, d]) => switchCard(a, d)) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        seller.map((i) => closeAccount('seller', i)),
        agent.map((i) => closeAccount('agent', i)),
      ),
    },
    { weight: 2, arbitrary: fc.constant(null).map(downloadPayouts) },
    { weight: 1, arbitrary: n.map(redownloadBatch) },
    { weight: 1, arbitrary: n.map(markBatchPaid) },
    { weight: 1, arbitrary: n.map(markClaimPaid) },
    { weight: 1, arbitrary: n.map(returnClaim) },
    { weight: 3, arbitrary: fc.constantFrom(...CLOCK_STEPS).map(advanceClock) },
    { weight: 3, arbitrary: fc.nat({ max: JOBS.length }).map(jobsRun) },
    { weight: 1, arbitrary: fc.tuple(fc.boolean(), fc.nat({ max: 2 }), n).map(([after, kind, i]) => gatewayTimesOut(after, kind, i)) },
  );

export { StepFailure, now as serverNow };
