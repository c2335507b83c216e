import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { userMedia } from '../../db/schema/media.ts';
import { createSeller, signUpAgent } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const BASIC = `mutation($name: String!, $mobileNumber: String!) {
  updateAgentProfileBasicDetails(name: $name, mobileNumber: $mobileNumber) { id mobileNumber profileComplete agentProfile { name } }
}`;
const DETAILS = `mutation($picture: ID!, $bio: String!, $logo: ID!, $agencyName: String!, $agencyBio: String!) {
  updateAgentProfileDetails(profilePictureUserMediaId: $picture, bio: $bio, agencyLogoUserMediaId: $logo, agencyName: $agencyName, agencyBio: $agencyBio) {
    id profileComplete
    agentProfile { name bio agencyName agencyBio profilePicture { id type } agencyLogo { id type } }
  }
}`;

/** A media row of the user's, as the media module leaves it after an upload (or before one). */
async function media(ownerUserId: string, options: { type?: 'IMAGE' | 'VIDEO'; uploaded?: boolean; rejected?: boolean } = {}) {
  const type = options.type ?? 'IMAGE';
  const extension = type === 'IMAGE' ? 'jpg' : 'mp4';
  const uploaded = options.uploaded ?? true;
  const [row] = await server.deps.db
    .insert(userMedia)
    .values({
      ownerUserId,
      type,
      mimeType: type === 'IMAGE' ? 'image/jpeg' : 'video/mp4',
      fileExtension: extension,
      storageKey: `${crypto.randomUUID()}.${extension}`,
      uploadedAt: uploaded ? new Date() : null,
      mainFileReady: uploaded && !options.rejected,
      thumbnailReady: uploaded && !options.rejected,
      processingError: options.rejected ? 'does not decode' : null,
    })
    .returning();
  return row!.id;
}

const validDetails = async (userId: string) => ({
  picture: await media(userId),
  bio: 'Twenty years selling homes in the eastern suburbs.',
  logo: await media(userId),
  agencyName: 'Harbour Realty',
  agencyBio: 'A family agency on the coast since 1998.',
});

describe('updateAgentProfileBasicDetails', () => {
  it('stores the name and the mobile number in international format and answers the user', async () => {
    const agent = await signUpAgent(server);
    const result = await server.gql<{ updateAgentProfileBasicDetails: Record<string, unknown> }>(
      BASIC,
      { name: '  Olivia Harper ', mobileNumber: '0412 345 678' },
      agent.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateAgentProfileBasicDetails).toEqual({
      id: agent.userId,
      mobileNumber: '+61412345678',
      profileComplete: false,
      agentProfile: { name: 'Olivia Harper' },
    });
  });

  it('accepts the international form the web app sends', async () => {
    const agent = await signUpAgent(server);
    const result = await server.gql<{ updateAgentProfileBasicDetails: { mobileNumber: string } }>(
      BASIC,
      { name: 'Mia Rossi', mobileNumber: '+61412000103' },
      agent.token,
    );
    expect(result.data!.updateAgentProfileBasicDetails.mobileNumber).toBe('+61412000103');
    expect(codeOf(await server.gql(BASIC, { name: 'Mia Rossi', mobileNumber: '+1' }, agent.token))).toBe('validation_failed');
  });

  it('answers validation errors with the spec messages', async () => {
    const agent = await signUpAgent(server);
    const noName = await server.gql(BASIC, { name: ' ', mobileNumber: '0412345678' }, agent.token);
    expect(noName.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'name', reason: 'Name is required' });
    const longName = await server.gql(BASIC, { name: 'x'.repeat(197), mobileNumber: '0412345678' }, agent.token);
    expect(longName.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'name' });
    const noPhone = await server.gql(BASIC, { name: 'A', mobileNumber: '' }, agent.token);
    expect(noPhone.errors![0]!.extensions).toMatchObject({ field: 'mobileNumber', reason: 'Phone number is required' });
    const shortPhone = await server.gql(BASIC, { name: 'A', mobileNumber: '04123' }, agent.token);
    expect(shortPhone.errors![0]!.extensions).toMatchObject({ field: 'mobileNumber', reason: 'Phone number is invalid' });
    const unparseable = await server.gql(BASIC, { name: 'A', mobileNumber: '0000000000' }, agent.token);
    expect(unparseable.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'mobileNumber' });
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, agent.userId));
    expect(row!.mobileNumber).toBeNull();
  });

  it('is for agents only', async () => {
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(BASIC, { name: 'A', mobileNumber: '0412345678' }, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(BASIC, { name: 'A', mobileNumber: '0412345678' }))).toBe('unauthorized');
  });
});

describe('updateAgentProfileDetails', () => {
  it('saves the public profile; with basic details the profile is complete', async () => {
    const agent = await signUpAgent(server);
    await server.gql(BASIC, { name: 'Jack Nguyen', mobileNumber: '0412 000 102' }, agent.token);
    const input = await validDetails(agent.userId);
    const result = await server.gql<{ updateAgentProfileDetails: { profileComplete: boolean; agentProfile: Record<string, unknown> } }>(
      DETAILS,
      input,
      agent.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateAgentProfileDetails.profileComplete).toBe(true);
    expect(result.data!.updateAgentProfileDetails.agentProfile).toEqual({
      name: 'Jack Nguyen',
      bio: input.bio,
      agencyName: input.agencyName,
      agencyBio: input.agencyBio,
      profilePicture: { id: input.picture, type: 'IMAGE' },
      agencyLogo: { id: input.logo, type: 'IMAGE' },
    });
  });

  it('requires every field, within the spec limits', async () => {
    const agent = await signUpAgent(server);
    const input = await validDetails(agent.userId);
    const cases: [Partial<typeof input>, string, string][] = [
      [{ bio: '' }, 'bio', 'Bio is required'],
      [{ bio: 'x'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
      [{ agencyName: ' ' }, 'agencyName', 'Agency name is required'],
      [{ agencyName: 'x'.repeat(197) }, 'agencyName', 'Agency name must be at most 196 characters'],
      [{ agencyBio: '' }, 'agencyBio', 'Agency bio is required'],
      [{ agencyBio: 'x'.repeat(501) }, 'agencyBio', 'Agency bio must be at most 500 characters'],
      [{ picture: '' }, 'profilePictureUserMediaId', 'Profile picture is required'],
      [{ logo: '' }, 'agencyLogoUserMediaId', 'Agency logo is required'],
    ];
    for (const [change, field, reason] of cases) {
      const result = await server.gql(DETAILS, { ...input, ...change }, agent.token);
      expect(result.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field, reason });
    }
    // 500 characters exactly is fine.
    expect((await server.gql(DETAILS, { ...input, bio: 'x'.repeat(500) }, agent.token)).errors).toBeUndefined();
  });

  it('accepts only the agent’s own images whose upload finished', async () => {
    const agent = await signUpAgent(server);
    const other = await signUpAgent(server);
    const input = await validDetails(agent.userId);

    const someoneElses = await media(other.userId);
    expect((await server.gql(DETAILS, { ...input, picture: someoneElses }, agent.token)).errors![0]!.extensions).toMatchObject({
      code: 'not_found',
      field: 'profilePictureUserMediaId',
    });
    expect(codeOf(await server.gql(DETAILS, { ...input, logo: crypto.randomUUID() }, agent.token))).toBe('not_found');
    expect(codeOf(await server.gql(DETAILS, { ...input, logo: 'not-an-id' }, agent.token))).toBe('not_found');

    const video = await media(agent.userId, { type: 'VIDEO' });
    expect((await server.gql(DETAILS, { ...input, picture: video }, agent.token)).errors![0]!.extensions).toMatchObject({
      code: 'user_media_file_extension_not_supported',
      field: 'profilePictureUserMediaId',
    });
    const rejected = await media(agent.userId, { rejected: true });
    expect(codeOf(await server.gql(DETAILS, { ...input, logo: rejected }, agent.token))).toBe('user_media_content_not_supported');

    const uploading = await media(agent.userId, { uploaded: false });
    expect((await server.gql(DETAILS, { ...input, logo: uploading }, agent.token)).errors![0]!.extensions).toMatchObject({
      code: 'invalid_state',
      field: 'agencyLogoUserMediaId',
    });
    const [profile] = await server.deps.db.select().from(agentProfiles).where(eq(agentProfiles.userId, agent.userId));
    expect(profile!.bio).toBeNull();
  });

  it('is for agents only', async () => {
    const seller = await createSeller(server);
    const input = await validDetails(seller.userId);
    expect(codeOf(await server.gql(DETAILS, input, seller.token))).toBe('forbidden');
  });
});
