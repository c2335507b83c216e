import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { createActiveProperty, findSuburb } from '../appraisals/test-factories.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { createPublicAgent } from '../public-pages/test-factories.ts';

/**
 * Suspending an agent (issue 23 item 15) through the API: the operator's reason, the agent's e-mail and the audit
 * log; a suspended agent is offered to no seller and shown on no public page, and lifting it puts both back.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const SUSPEND = `mutation($id: ID!, $reason: String!) { suspendAgent(agentId: $id, reason: $reason) { id agentProfile { suspension { reason suspendedAt } } } }`;
const LIFT = `mutation($id: ID!) { liftAgentSuspension(agentId: $id) { id agentProfile { suspension { reason } } } }`;

async function world() {
  const admin = await createAdmin(server);
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId);
  const agent = await createPublicAgent(server, property.suburbId!, { name: 'Suspendable Agent' });
  const seenBySeller = async () => {
    const result = await server.gql<{
      agentsForProperty: { id: string }[];
      suburbs: { publicAgents: { id: string }[]; servingAgentsCount: number; publicPageUrl: string }[];
    }>(
      `query($p: ID!, $s: ID!) { agentsForProperty(propertyId: $p) { id } suburbs(ids: [$s]) { publicAgents { id } servingAgentsCount publicPageUrl } }`,
      { p: property.id, s: String(property.suburbId) },
      seller.token,
    );
    const suburb = result.data!.suburbs[0]!;
    const suburbPage = await (await fetch(`${server.url}${new URL(suburb.publicPageUrl).pathname}`)).text();
    return {
      inPicker: result.data!.agentsForProperty.some((a) => a.id === agent.userId),
      onSuburbPage: suburb.publicAgents.some((a) => a.id === agent.userId) && suburbPage.includes('Suspendable Agent'),
      servingCount: suburb.servingAgentsCount,
    };
  };
  const profileUrl = async () =>
    (
      await server.gql<{ me: { agentProfile: { publicProfileUrl: string | null } } }>(
        `{ me { agentProfile { publicProfileUrl } } }`,
        {},
        agent.token,
      )
    ).data!.me.agentProfile.publicProfileUrl;
  return { admin, seller, property, agent, seenBySeller, profileUrl };
}

describe('suspendAgent and liftAgentSuspension', () => {
  it('take the agent out of the picker, request matching and every public page, and put them back', async () => {
    const { admin, agent, seenBySeller, profileUrl } = await world();
    const before = await seenBySeller();
    expect(before).toMatchObject({ inPicker: true, onSuburbPage: true });
    const pagePath = new URL((await profileUrl())!).pathname;
    expect((await fetch(`${server.url}${pagePath}`)).status).toBe(200);

    const suspended = await server.gql<{ suspendAgent: { agentProfile: { suspension: { reason: string } } } }>(
      SUSPEND,
      { id: agent.userId, reason: '  Three sellers reported no-shows.  ' },
      admin.token,
    );
    expect(suspended.errors).toBeUndefined();
    expect(suspended.data!.suspendAgent.agentProfile.suspension).toMatchObject({ reason: 'Three sellers reported no-shows.' });

    const during = await seenBySeller();
    expect(during).toMatchObject({ inPicker: false, onSuburbPage: false, servingCount: before.servingCount - 1 });
    expect(await profileUrl()).toBeNull();
    expect((await fetch(`${server.url}${pagePath}`)).status).toBe(404);
    // The agent reads why; nothing else of the account changes.
    const own = await server.gql<{ me: { agentProfile: { suspension: { reason: string } | null } } }>(
      `{ me { agentProfile { suspension { reason suspendedAt } } } }`,
      {},
      agent.token,
    );
    expect(own.data!.me.agentProfile.suspension).toEqual({ reason: 'Three sellers reported no-shows.', suspendedAt: expect.any(String) });
    const [mail] = await server.emailsTo(agent.email);
    expect(mail).toMatchObject({ subject: 'Your Listwise agent account is suspended', template: 'agent-suspended' });
    expect(mail!.text).toContain('Three sellers reported no-shows.');
    const [entry] = await server.deps.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, agent.userId), eq(adminAuditLog.action, 'SUSPEND_AGENT')));
    expect(entry).toMatchObject({ targetType: 'AGENT', details: { reason: 'Three sellers reported no-shows.' } });

    const lifted = await server.gql<{ liftAgentSuspension: { agentProfile: { suspension: null } } }>(
      LIFT,
      { id: agent.userId },
      admin.token,
    );
    expect(lifted.data!.liftAgentSuspension.agentProfile.suspension).toBeNull();
    expect(await seenBySeller()).toMatchObject({ inPicker: true, onSuburbPage: true, servingCount: before.servingCount });
    expect((await fetch(`${server.url}${pagePath}`)).status).toBe(200);
    expect((await server.emailsTo(agent.email))[0]).toMatchObject({ template: 'agent-suspension-lifted' });
    const [liftEntry] = await server.deps.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, agent.userId), eq(adminAuditLog.action, 'LIFT_AGENT_SUSPENSION')));
    expect(liftEntry!.details).toMatchObject({ reason: 'Three sellers reported no-shows.' });

    // The console's audit log names the agent both entries touched, not 'Agent <id>'.
    for (const action of ['SUSPEND_AGENT', 'LIFT_AGENT_SUSPENSION']) {
      const log = await server.gql<{
        adminAuditLog: { edges: { node: { touched: { kind: string; id: string; name: string; email: string }[] } }[] };
      }>(
        `query($action: AdminAuditAction) { adminAuditLog(action: $action, first: 5) { edges { node { touched { kind id name email } } } } }`,
        { action },
        admin.token,
      );
      expect(log.data!.adminAuditLog.edges.map((e) => e.node.touched)).toContainEqual([
        { kind: 'AGENT', id: agent.userId, name: 'Suspendable Agent', email: agent.email },
      ]);
    }
  });

  it('keeps a suspended agent from adding suburbs, and lets them once it is lifted', async () => {
    const { admin, agent } = await world();
    const coogee = await findSuburb(server, 'coogee');
    const subscribe = () =>
      server.gql<{ subscribeToSuburbs: { id: string }[] }>(
        `mutation($ids: [ID!]!) { subscribeToSuburbs(suburbIds: $ids) { id } }`,
        { ids: [String(coogee.id)] },
        agent.token,
      );
    expect((await server.gql(SUSPEND, { id: agent.userId, reason: 'Complaints.' }, admin.token)).errors).toBeUndefined();
    expect(codeOf(await subscribe())).toBe('agent_suspended');
    const held = await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.agentUserId, agent.userId));
    expect(held.map((s) => s.suburbId)).not.toContain(coogee.id);
    expect((await server.gql(LIFT, { id: agent.userId }, admin.token)).errors).toBeUndefined();
    const after = await subscribe();
    expect(after.errors).toBeUndefined();
    expect(after.data!.subscribeToSuburbs).toHaveLength(1);
  });

  it('needs a reason, refuses twice, and finds no one but agents', async () => {
    const { admin, agent, seller } = await world();
    for (const reason of ['', '   ', 'x'.repeat(1001)]) {
      const result = await server.gql(SUSPEND, { id: agent.userId, reason }, admin.token);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', field: 'reason' });
    }
    expect(await server.emailsTo(agent.email)).toEqual([]);
    expect(codeOf(await server.gql(LIFT, { id: agent.userId }, admin.token))).toBe('invalid_state');
    expect((await server.gql(SUSPEND, { id: agent.userId, reason: 'Complaints.' }, admin.token)).errors).toBeUndefined();
    expect(codeOf(await server.gql(SUSPEND, { id: agent.userId, reason: 'Again.' }, admin.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(SUSPEND, { id: seller.userId, reason: 'Not an agent.' }, admin.token))).toBe('not_found');
    expect(codeOf(await server.gql(SUSPEND, { id: '00000000-0000-4000-8000-000000000000', reason: 'Nobody.' }, admin.token))).toBe(
      'not_found',
    );
    expect(codeOf(await server.gql(SUSPEND, { id: 'nope', reason: 'Nobody.' }, admin.token))).toBe('not_found');
  });

  it('is for operators only; sellers never read a suspension', async () => {
    const { agent, seller, property } = await world();
    expect(codeOf(await server.gql(SUSPEND, { id: agent.userId, reason: 'Mine.' }, agent.token))).toBe('forbidden');
    expect(codeOf(await server.gql(SUSPEND, { id: agent.userId, reason: 'Mine.' }, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(LIFT, { id: agent.userId }, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(SUSPEND, { id: agent.userId, reason: 'Anyone.' }))).toBe('unauthorized');
    const picker = await server.gql<{ agentsForProperty: { id: string }[] }>(
      `query($p: ID!) { agentsForProperty(propertyId: $p) { id } }`,
      { p: property.id },
      seller.token,
    );
    expect(picker.data!.agentsForProperty.map((a) => a.id)).toContain(agent.userId);
  });
});
