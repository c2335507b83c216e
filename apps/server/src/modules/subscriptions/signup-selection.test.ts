import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgentWithBasicDetails, saveCard, setFreeTrialsAllowed, subscribe, suburbId } from '../../test/agent-factories.ts';
import { createSeller, signUpAgent } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * The suburbs an agent chooses during sign-up are kept on the server as they are chosen (issue 23 item 7): a
 * reload, another tab or another device reads them back, in the order chosen, until subscribing empties them.
 */
let server: TestServer;
const ids: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const [key, name, postcode] of [
    ['coogee', 'Coogee', '2034'],
    ['bronte', 'Bronte', '2024'],
    ['clovelly', 'Clovelly', '2031'],
    ['tamarama', 'Tamarama', '2026'],
    ['maroubra', 'Maroubra', '2035'],
    ['randwick', 'Randwick', '2031'],
  ] as const)
    ids[key] = await suburbId(server, name, postcode);
});
afterAll(() => server?.stop());
beforeEach(() => setFreeTrialsAllowed(server, 5));

const SAVE = `mutation($ids: [ID!]!) { saveSignupSuburbSelection(suburbIds: $ids) { id name state postcode } }`;
const READ = `{ mySignupSuburbSelection { id name } }`;

const save = (token: string, suburbIds: (number | string)[]) =>
  server.gql<{ saveSignupSuburbSelection: { id: string; name: string }[] }>(SAVE, { ids: suburbIds }, token);
const read = async (token: string) =>
  (await server.gql<{ mySignupSuburbSelection: { id: string; name: string }[] }>(READ, {}, token)).data!.mySignupSuburbSelection.map(
    (s) => s.name,
  );

describe('the sign-up choice of suburbs', () => {
  it('is kept as it is made, in the order chosen, and read back by any session of the agent', async () => {
    const agent = await createAgentWithBasicDetails(server);
    expect(await read(agent.token)).toEqual([]);
    const saved = await save(agent.token, [ids.bronte!, ids.coogee!]);
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.saveSignupSuburbSelection.map((s) => s.name)).toEqual(['Bronte', 'Coogee']);
    // Another tab or device: a second session of the same agent reads the same choice.
    const other = await server.gql<{ login: { token: string } }>(
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
      {
        e: agent.email,
        p: agent.password,
      },
    );
    expect(await read(other.data!.login.token)).toEqual(['Bronte', 'Coogee']);
    // Removing one and adding another replaces the whole choice; an empty list clears it.
    await save(other.data!.login.token, [ids.coogee!, ids.tamarama!, ids.clovelly!]);
    expect(await read(agent.token)).toEqual(['Coogee', 'Tamarama', 'Clovelly']);
    await save(agent.token, []);
    expect(await read(agent.token)).toEqual([]);
  });

  it('is the agent’s own: another agent reads only their own choice', async () => {
    const first = await createAgentWithBasicDetails(server);
    const second = await signUpAgent(server);
    await save(first.token, [ids.maroubra!]);
    expect(await read(second.token)).toEqual([]);
  });

  it('refuses repeats, more suburbs than the agent may take, unknown suburbs and malformed ids', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await save(agent.token, [ids.coogee!]);
    expect(codeOf(await save(agent.token, [ids.bronte!, ids.bronte!]))).toBe('validation_failed');
    const six = [ids.coogee!, ids.bronte!, ids.clovelly!, ids.tamarama!, ids.maroubra!, ids.randwick!];
    expect(codeOf(await save(agent.token, six))).toBe('validation_failed');
    expect(codeOf(await save(agent.token, [999_999_999]))).toBe('not_found');
    expect(codeOf(await save(agent.token, ['coogee']))).toBe('validation_failed');
    expect(codeOf(await save(agent.token, [-3]))).toBe('validation_failed');
    // Nothing refused changed the choice.
    expect(await read(agent.token)).toEqual(['Coogee']);
  });

  it('counts suburbs already held against the five, refuses one already held, and is emptied by subscribing', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await save(agent.token, [ids.coogee!, ids.bronte!]);
    const subscribed = await subscribe(server, agent.token, [ids.coogee!, ids.bronte!]);
    expect(subscribed.errors).toBeUndefined();
    expect(await read(agent.token)).toEqual([]);
    // Two held: three more at most, and never one held already.
    expect(codeOf(await save(agent.token, [ids.coogee!]))).toBe('some_suburb_already_subscribed_to');
    expect(codeOf(await save(agent.token, [ids.clovelly!, ids.tamarama!, ids.maroubra!, ids.randwick!]))).toBe('validation_failed');
    expect((await save(agent.token, [ids.clovelly!, ids.tamarama!, ids.maroubra!])).errors).toBeUndefined();
  });

  it('is emptied by a paid subscription too', async () => {
    await setFreeTrialsAllowed(server, 0);
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token);
    await save(agent.token, [ids.randwick!]);
    expect((await subscribe(server, agent.token, [ids.randwick!])).errors).toBeUndefined();
    expect(await read(agent.token)).toEqual([]);
  });

  it('is for agents only', async () => {
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(READ, {}, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(SAVE, { ids: [ids.coogee!] }, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(READ))).toBe('unauthorized');
  });
});
