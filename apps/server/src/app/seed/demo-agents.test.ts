import { acceptanceOfCurrentTerms } from '../../modules/accounts/terms.ts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { userMedia } from '../../db/schema/media.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { DEMO_ACCOUNTS } from './demo.ts';
import { DEMO_AGENT_PROFILES, seedDemoAgentProfiles } from './demo-agents.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const passwordHash = await hashPassword('listwise-demo');
  for (const agent of DEMO_ACCOUNTS.agents) {
    const [user] = await server.deps.db
      .insert(users)
      .values({
        email: agent.email,
        userType: 'AGENT',
        passwordHash,
        mobileNumber: agent.mobile,
        emailVerifiedAt: new Date(),
        ...acceptanceOfCurrentTerms(new Date()),
      })
      .returning();
    await server.deps.db.insert(agentProfiles).values({ userId: user!.id, name: agent.name });
  }
});
afterAll(() => server?.stop());

describe('demo agents', () => {
  it('completes the demo agents: real images, a saved card and suburbs; running it again adds nothing', async () => {
    await seedDemoAgentProfiles(server.deps);
    await seedDemoAgentProfiles(server.deps);
    for (const demo of DEMO_AGENT_PROFILES) {
      const token = await login(server, demo.email, 'listwise-demo');
      const me = await server.gql<{
        me: { profileComplete: boolean; agentProfile: { agencyName: string; profilePicture: { thumbnailReady: boolean; url: string } } };
      }>(
        `{ me { profileComplete agentProfile { agencyName profilePicture { thumbnailReady url } } } myDefaultPaymentMethod { cardSuffix } mySubscribedSuburbs { suburb { name } } }`,
        {},
        token,
      );
      expect(me.errors).toBeUndefined();
      expect(me.data!.me.profileComplete).toBe(true);
      expect(me.data!.me.agentProfile.profilePicture.thumbnailReady).toBe(true);
      const data = me.data as unknown as {
        myDefaultPaymentMethod: { cardSuffix: string };
        mySubscribedSuburbs: { suburb: { name: string } }[];
      };
      expect(data.myDefaultPaymentMethod.cardSuffix).toBe('4242');
      expect(data.mySubscribedSuburbs.map((s) => s.suburb.name)).toEqual(demo.suburbs.map(([name]) => name));

      const picture = await fetch(me.data!.me.agentProfile.profilePicture.url.replace('http://127.0.0.1:3999', server.url));
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toMatch(/image\/jpeg/);
    }
    const agentIds = (await server.deps.db.select({ id: users.id }).from(users).where(eq(users.userType, 'AGENT'))).map((u) => u.id);
    expect(await server.deps.db.select().from(userMedia).where(inArray(userMedia.ownerUserId, agentIds))).toHaveLength(6);
    expect(await server.deps.db.select().from(suburbSubscriptions).where(inArray(suburbSubscriptions.agentUserId, agentIds))).toHaveLength(
      8,
    );
    // Public profiles are turned on; a second run leaves an agent's own choice alone.
    const profiles = await server.deps.db.select().from(agentProfiles).where(inArray(agentProfiles.userId, agentIds));
    expect(profiles.map((p) => p.publicProfileVisible)).toEqual([true, true, true]);
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: false }).where(eq(agentProfiles.userId, agentIds[0]!));
    await seedDemoAgentProfiles(server.deps);
    const [first] = await server.deps.db.select().from(agentProfiles).where(eq(agentProfiles.userId, agentIds[0]!));
    expect(first!.publicProfileVisible).toBe(false);
  });
});
