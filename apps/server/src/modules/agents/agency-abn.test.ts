/**
 * The agency's ABN (issue 22, item 6): `updateAgentProfileDetails(agencyAbn)` takes 11 digits, spaces allowed,
 * checked with the ABR's check-digit rule (`invalid_abn` otherwise); it is stored without spaces, kept when the
 * argument is omitted and cleared by null or blank; `AgentProfile.agencyAbn` answers it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createAgent } from '../appraisals/test-factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const DETAILS = `mutation($picture: ID!, $logo: ID!, $abn: String) {
  updateAgentProfileDetails(
    profilePictureUserMediaId: $picture, bio: "Ten years in the east.", agencyLogoUserMediaId: $logo,
    agencyName: "Harbour Realty", agencyBio: "A family agency.", agencyAbn: $abn
  ) { id agentProfile { agencyAbn } }
}`;
const DETAILS_WITHOUT_ABN = `mutation($picture: ID!, $logo: ID!) {
  updateAgentProfileDetails(
    profilePictureUserMediaId: $picture, bio: "Ten years in the east.", agencyLogoUserMediaId: $logo,
    agencyName: "Harbour Realty", agencyBio: "A family agency."
  ) { id agentProfile { agencyAbn } }
}`;

async function agentWithMedia() {
  const agent = await createAgent(server);
  const profile = await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.userId) });
  return { ...agent, media: { picture: profile!.profilePictureMediaId, logo: profile!.agencyLogoMediaId } };
}

const storedAbn = async (userId: string) =>
  (await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, userId) }))!.agencyAbn;

describe("the agency's ABN", () => {
  it('refuses anything but 11 digits passing the ABR check digits, with invalid_abn on the field, and stores nothing', async () => {
    const agent = await agentWithMedia();
    // 51 824 753 556 is valid; changing any one digit breaks the weighted sum (a multiple of 89).
    for (const abn of ['51 824 753 557', '61824753556', '5182475355', '518247535561', 'ABN51824753556', '51-824-753-556x', '00000000000']) {
      const result = await server.gql(DETAILS, { ...agent.media, abn }, agent.token);
      expect(result.errors?.[0]?.message, abn).toBe('invalid_abn');
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_abn', field: 'agencyAbn' });
    }
    expect(await storedAbn(agent.userId)).toBeNull();
  });

  it('stores a valid ABN without its spaces, keeps it when omitted, clears it with null or blank', async () => {
    const agent = await agentWithMedia();
    const saved = await server.gql<{ updateAgentProfileDetails: { agentProfile: { agencyAbn: string | null } } }>(
      DETAILS,
      { ...agent.media, abn: ' 51 824 753 556 ' },
      agent.token,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateAgentProfileDetails.agentProfile.agencyAbn).toBe('51824753556');
    expect(await storedAbn(agent.userId)).toBe('51824753556');

    expect((await server.gql(DETAILS_WITHOUT_ABN, agent.media, agent.token)).errors).toBeUndefined();
    expect(await storedAbn(agent.userId)).toBe('51824753556');

    expect((await server.gql(DETAILS, { ...agent.media, abn: '   ' }, agent.token)).errors).toBeUndefined();
    expect(await storedAbn(agent.userId)).toBeNull();
    await server.gql(DETAILS, { ...agent.media, abn: '53004085616' }, agent.token);
    expect(await storedAbn(agent.userId)).toBe('53004085616');
    expect((await server.gql(DETAILS, { ...agent.media, abn: null }, agent.token)).errors).toBeUndefined();
    expect(await storedAbn(agent.userId)).toBeNull();
  });
});
