import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { createActiveProperty, createAgent } from '../appraisals/test-factories.ts';
import { createSellingAgent, submitAppraisalFor, subscribeAgent } from '../sales/test-factories.ts';

/** Issue 12: licence verification through the API, with its authorisation and bad input. */
const inTwoYears = `${new Date().getUTCFullYear() + 2}-06-30`;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const UPDATE = `mutation($number: String!, $state: State!, $name: String, $expires: String = "${inTwoYears}") {
  updateAgentLicence(licenceNumber: $number, licenceState: $state, licenseeName: $name, licenceExpiresOn: $expires) { id number state status verifiedAt rejectionReason licenseeName }
}`;
const VERIFY = `mutation($agentId: ID!, $approved: Boolean!, $reason: String) {
  verifyAgentLicence(agentId: $agentId, approved: $approved, reason: $reason) { id number status verifiedAt rejectionReason }
}`;
const QUEUE = `query($first: Int, $after: String) {
  adminLicencesToCheck(first: $first, after: $after) { edges { cursor node { id number state status agent { id name } } } pageInfo { hasNextPage endCursor } }
}`;
const OWN = `{ me { agentProfile { licence { number state status rejectionReason } } } }`;

type Licence = {
  id: string;
  number: string | null;
  state: string;
  status: string;
  verifiedAt: string | null;
  rejectionReason: string | null;
};

async function agentWithLicence(number = '20123456', state = 'NSW') {
  const agent = await createSellingAgent(server, { name: `Licensed ${number}` });
  const result = await server.gql<{ updateAgentLicence: Licence }>(UPDATE, { number, state, name: 'Licensee Pty Ltd' }, agent.token);
  expect(result.errors).toBeUndefined();
  return { ...agent, licence: result.data!.updateAgentLicence };
}

describe('updateAgentLicence', () => {
  it('records the licence as PENDING, normalising what people type around the number', async () => {
    const agent = await createSellingAgent(server, { name: 'New Licence' });
    const result = await server.gql<{ updateAgentLicence: Licence }>(UPDATE, { number: ' 20 123-457 ', state: 'NSW' }, agent.token);
    expect(result.data!.updateAgentLicence).toMatchObject({
      id: agent.userId,
      number: '20123457',
      state: 'NSW',
      status: 'PENDING',
      verifiedAt: null,
    });
  });

  it('refuses a 200-character number, a wrong format and an unknown state with catalogue codes, keeping the old licence', async () => {
    const agent = await agentWithLicence('20123458');
    const long = await server.gql(UPDATE, { number: '1'.repeat(200), state: 'WA' }, agent.token);
    expect(long.errors![0]).toMatchObject({
      message: 'validation_failed',
      extensions: { code: 'validation_failed', field: 'licenceNumber' },
    });
    expect(codeOf(await server.gql(UPDATE, { number: 'ABC12345', state: 'NSW' }, agent.token))).toBe('validation_failed');
    const unknownState = await server.gql(UPDATE, { number: '123456', state: 'XX' }, agent.token);
    expect(unknownState.errors).toBeDefined();
    expect(JSON.stringify(unknownState)).not.toContain('internal_error');
    const own = await server.gql<{ me: { agentProfile: { licence: Licence } } }>(OWN, {}, agent.token);
    expect(own.data!.me.agentProfile.licence).toMatchObject({ number: '20123458', status: 'PENDING' });
  });

  it('is for agents only', async () => {
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(UPDATE, { number: '20123456', state: 'NSW' }, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(UPDATE, { number: '20123456', state: 'NSW' }))).toBe('unauthorized');
  });
});

const PROFILE_WITH_LICENCE = `mutation($picture: ID!, $logo: ID!, $bio: String!, $number: String, $state: State, $name: String, $expires: String = "${inTwoYears}") {
  updateAgentProfileDetails(
    profilePictureUserMediaId: $picture, bio: $bio, agencyLogoUserMediaId: $logo, agencyName: "Harbour Realty",
    agencyBio: "A family agency.", licenceNumber: $number, licenceState: $state, licenseeName: $name, licenceExpiresOn: $expires
  ) { id agentProfile { bio licence { number state status licenseeName expiresOn } } }
}`;

async function agentWithMedia() {
  const agent = await createAgent(server);
  const profile = await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.userId) });
  return { ...agent, media: { picture: profile!.profilePictureMediaId, logo: profile!.agencyLogoMediaId } };
}

describe('the sign-up profile page saves the licence with the profile (issue 23)', () => {
  type Saved = { updateAgentProfileDetails: { agentProfile: { bio: string; licence: Licence | null } } };

  it('saves a typed licence as PENDING in the same call, and the operators see it in their queue', async () => {
    const agent = await agentWithMedia();
    const saved = await server.gql<Saved>(
      PROFILE_WITH_LICENCE,
      { ...agent.media, bio: 'Twelve years in the east.', number: ' 21 000-111 ', state: 'NSW', name: 'Harbour Realty Pty Ltd' },
      agent.token,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateAgentProfileDetails.agentProfile).toMatchObject({
      bio: 'Twelve years in the east.',
      licence: { number: '21000111', state: 'NSW', status: 'PENDING', licenseeName: 'Harbour Realty Pty Ltd', expiresOn: inTwoYears },
    });
    const admin = await createAdmin(server);
    const queue = await server.gql<{ adminLicencesToCheck: { edges: { node: { id: string } }[] } }>(QUEUE, { first: 50 }, admin.token);
    expect(queue.data!.adminLicencesToCheck.edges.map((e) => e.node.id)).toContain(agent.userId);
  });

  it('keeps the licence on file when none is typed, and saves nothing at all when the typed licence is wrong', async () => {
    const agent = await agentWithMedia();
    await server.gql(PROFILE_WITH_LICENCE, { ...agent.media, bio: 'First bio.', number: '21000222', state: 'NSW' }, agent.token);
    const untouched = await server.gql<Saved>(PROFILE_WITH_LICENCE, { ...agent.media, bio: 'Second bio.', number: '  ' }, agent.token);
    expect(untouched.data!.updateAgentProfileDetails.agentProfile).toMatchObject({
      bio: 'Second bio.',
      licence: { number: '21000222', status: 'PENDING' },
    });

    const wrong = await server.gql(
      PROFILE_WITH_LICENCE,
      { ...agent.media, bio: 'Third bio.', number: 'ABC123', state: 'VIC' },
      agent.token,
    );
    expect(wrong.errors![0]).toMatchObject({
      message: 'validation_failed',
      extensions: { code: 'validation_failed', field: 'licenceNumber' },
    });
    const stateWithoutNumber = await server.gql(PROFILE_WITH_LICENCE, { ...agent.media, bio: 'Third bio.', state: 'VIC' }, agent.token);
    expect(stateWithoutNumber.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'licenceNumber' });
    const noExpiry = await server.gql(
      PROFILE_WITH_LICENCE,
      { ...agent.media, bio: 'Third bio.', number: '31000222', state: 'VIC', expires: null },
      agent.token,
    );
    expect(noExpiry.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'licenceExpiresOn' });
    const own = await server.gql<{ me: { agentProfile: { bio: string; licence: Licence } } }>(
      `{ me { agentProfile { bio licence { number state status } } } }`,
      {},
      agent.token,
    );
    expect(own.data!.me.agentProfile).toMatchObject({ bio: 'Second bio.', licence: { number: '21000222', state: 'NSW' } });
  });
});

describe('verifyAgentLicence and the queue', () => {
  it('lists pending licences oldest first, pages them, and drops a decided one', async () => {
    const admin = await createAdmin(server);
    const first = await agentWithLicence('30000001', 'VIC');
    const second = await agentWithLicence('30000002', 'VIC');
    const page = await server.gql<{
      adminLicencesToCheck: { edges: { cursor: string; node: Licence & { agent: { id: string } } }[]; pageInfo: { endCursor: string } };
    }>(QUEUE, { first: 50 }, admin.token);
    const ids = page.data!.adminLicencesToCheck.edges.map((e) => e.node.id);
    expect(ids.indexOf(first.userId)).toBeLessThan(ids.indexOf(second.userId));
    expect(page.data!.adminLicencesToCheck.edges.find((e) => e.node.id === first.userId)!.node.agent.id).toBe(first.userId);

    const afterFirst = await server.gql<{ adminLicencesToCheck: { edges: { node: { id: string } }[] } }>(
      QUEUE,
      { first: 50, after: page.data!.adminLicencesToCheck.edges[ids.indexOf(first.userId)]!.cursor },
      admin.token,
    );
    expect(afterFirst.data!.adminLicencesToCheck.edges.map((e) => e.node.id)).toContain(second.userId);
    expect(afterFirst.data!.adminLicencesToCheck.edges.map((e) => e.node.id)).not.toContain(first.userId);

    const verified = await server.gql<{ verifyAgentLicence: Licence }>(VERIFY, { agentId: first.userId, approved: true }, admin.token);
    expect(verified.data!.verifyAgentLicence).toMatchObject({ status: 'VERIFIED', verifiedAt: expect.any(String) });
    const again = await server.gql<{ adminLicencesToCheck: { edges: { node: { id: string } }[] } }>(QUEUE, { first: 50 }, admin.token);
    expect(again.data!.adminLicencesToCheck.edges.map((e) => e.node.id)).not.toContain(first.userId);

    const [entry] = await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, first.userId));
    expect(entry).toMatchObject({
      action: 'VERIFY_AGENT_LICENCE',
      targetType: 'AGENT_LICENCE',
      details: { number: '30000001', state: 'VIC' },
    });
  });

  it('needs a reason to reject, tells the agent why, and a changed number goes back to the queue', async () => {
    const admin = await createAdmin(server);
    const agent = await agentWithLicence('40000001', 'QLD');
    const noReason = await server.gql(VERIFY, { agentId: agent.userId, approved: false }, admin.token);
    expect(noReason.errors![0]).toMatchObject({ message: 'validation_failed', extensions: { field: 'reason' } });
    await server.gql(VERIFY, { agentId: agent.userId, approved: false, reason: 'Not on the QLD register' }, admin.token);
    const own = await server.gql<{ me: { agentProfile: { licence: Licence } } }>(OWN, {}, agent.token);
    expect(own.data!.me.agentProfile.licence).toMatchObject({ status: 'REJECTED', rejectionReason: 'Not on the QLD register' });

    const changed = await server.gql<{ updateAgentLicence: Licence }>(UPDATE, { number: '40000002', state: 'QLD' }, agent.token);
    expect(changed.data!.updateAgentLicence).toMatchObject({ status: 'PENDING', rejectionReason: null });
    const queue = await server.gql<{ adminLicencesToCheck: { edges: { node: { id: string } }[] } }>(QUEUE, { first: 50 }, admin.token);
    expect(queue.data!.adminLicencesToCheck.edges.map((e) => e.node.id)).toContain(agent.userId);

    // Verified, then the same number saved again: it stays verified.
    await server.gql(VERIFY, { agentId: agent.userId, approved: true }, admin.token);
    const same = await server.gql<{ updateAgentLicence: Licence }>(UPDATE, { number: '40000002', state: 'QLD' }, agent.token);
    expect(same.data!.updateAgentLicence.status).toBe('VERIFIED');
  });

  it('e-mails the agent the decision: verified, or rejected with the reason and where to correct it', async () => {
    const admin = await createAdmin(server);
    const verified = await agentWithLicence('40000011', 'QLD');
    await server.gql(VERIFY, { agentId: verified.userId, approved: true }, admin.token);
    const [verifiedMail] = await server.emailsTo(verified.email);
    expect(verifiedMail).toMatchObject({ subject: 'Your licence is verified', template: 'licence-verified' });
    expect(verifiedMail!.text).toContain('QLD licence 40000011');
    expect(verifiedMail!.text).toContain('/agent/profile-settings');

    const rejected = await agentWithLicence('40000012', 'QLD');
    await server.gql(VERIFY, { agentId: rejected.userId, approved: false, reason: 'The register lists it as cancelled.' }, admin.token);
    const [rejectedMail] = await server.emailsTo(rejected.email);
    expect(rejectedMail).toMatchObject({ subject: 'We could not verify your licence', template: 'licence-rejected' });
    expect(rejectedMail!.text).toContain('The register lists it as cancelled.');

    // A refused decision (no reason) e-mails nothing.
    const undecided = await agentWithLicence('40000013', 'QLD');
    await server.gql(VERIFY, { agentId: undecided.userId, approved: false }, admin.token);
    expect(await server.emailsTo(undecided.email)).toEqual([]);
  });

  it('cannot be done by agents (not even on themselves) or sellers; an unknown agent is not_found', async () => {
    const agent = await agentWithLicence('50000001', 'NSW');
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(VERIFY, { agentId: agent.userId, approved: true }, agent.token))).toBe('forbidden');
    expect(codeOf(await server.gql(VERIFY, { agentId: agent.userId, approved: true }, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(QUEUE, { first: 5 }, agent.token))).toBe('forbidden');
    const admin = await createAdmin(server);
    expect(codeOf(await server.gql(VERIFY, { agentId: '00000000-0000-4000-8000-000000000000', approved: true }, admin.token))).toBe(
      'not_found',
    );
    expect(codeOf(await server.gql(VERIFY, { agentId: 'nope', approved: true }, admin.token))).toBe('not_found');
  });
});

describe('what sellers see', () => {
  it('never an unverified number; the verified mark once checked; verified agents first in select-agents', async () => {
    const admin = await createAdmin(server);
    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId);
    const unverified = await agentWithLicence('60000001', 'NSW');
    const verified = await agentWithLicence('60000002', 'NSW');
    const property2 = await server.deps.db.query.properties.findFirst({ where: (p, { eq: is }) => is(p.id, property.id) });
    for (const agent of [unverified, verified]) await subscribeAgent(server, agent.userId, property2!.suburbId!);
    await server.gql(VERIFY, { agentId: verified.userId, approved: true }, admin.token);

    const list = await server.gql<{ agentsForProperty: { id: string; licence: { number: string | null; status: string } | null }[] }>(
      `query($id: ID!) { agentsForProperty(propertyId: $id) { id licence { number status } } }`,
      { id: property.id },
      seller.token,
    );
    const agents = list.data!.agentsForProperty;
    const verifiedIndex = agents.findIndex((a) => a.id === verified.userId);
    const unverifiedIndex = agents.findIndex((a) => a.id === unverified.userId);
    expect(verifiedIndex).toBeGreaterThanOrEqual(0);
    expect(verifiedIndex).toBeLessThan(unverifiedIndex);
    expect(agents[verifiedIndex]!.licence).toEqual({ number: '60000002', status: 'VERIFIED' });
    expect(agents[unverifiedIndex]!.licence).toEqual({ number: null, status: 'PENDING' });

    // On an appraisal too.
    await submitAppraisalFor(server, property.id, unverified.userId);
    const appraisal = await server.gql<{
      property: { propertyAppraisals: { agent: { licence: { number: string | null; rejectionReason: string | null } } }[] };
    }>(
      `query($id: ID!) { property(id: $id) { propertyAppraisals { agent { licence { number rejectionReason } } } } }`,
      { id: property.id },
      seller.token,
    );
    expect(appraisal.data!.property.propertyAppraisals[0]!.agent.licence).toEqual({ number: null, rejectionReason: null });
  });

  it('leaves the funnel as it was: an unverified agent still appraises', async () => {
    const agent = await createSellingAgent(server, { name: 'No Licence Yet' });
    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId);
    const { appraisal } = await submitAppraisalFor(server, property.id, agent.userId);
    expect(appraisal.state).toBe('SUBMITTED');
  });
});
