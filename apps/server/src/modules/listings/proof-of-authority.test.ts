import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_OF_AUTHORITY_MAX_BYTES, PROOF_OF_AUTHORITY_URL_TTL_MS } from '@listwise/domain/proof-of-authority';
import { properties, proofOfAuthorityDocuments } from '../../db/schema/properties.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createActiveProperty, createAgent, createRequest, gqlOk } from '../appraisals/test-factories.ts';

/**
 * Proof of authority to sell (issue 23 item 14): the seller who is not the owner uploads it per listing, its bytes are
 * checked like every upload's, it is never shown to agents or other sellers, operators open it through a short-lived
 * link, and a rejected listing waits for verification again once proof arrives.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(() => server?.stop());

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

/** The configured APP_URL is not the test server's port: send the request to the real server. */
const local = (url: string) => `${server.url}${new URL(url).pathname}`;

function upload(propertyId: string, body: Buffer | string, options: { token?: string | null; type?: string; name?: string } = {}) {
  const headers: Record<string, string> = {
    'content-type': options.type ?? 'application/pdf',
    'x-file-name': encodeURIComponent(options.name ?? 'Rates notice.pdf'),
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return fetch(`${server.url}/properties/${propertyId}/proof-of-authority`, {
    method: 'PUT',
    headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}
const codeOfAnswer = async (response: Response) =>
  ((await response.json()) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code;

const PROOF = `query($id: ID!) { property(id: $id) { verificationStatus canUploadProofOfAuthority proofOfAuthority { fileName mimeType sizeBytes uploadedAt url } } }`;
interface Proof {
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  url: string;
}
const proofSeenBy = async (propertyId: string, token: string) =>
  (await gqlOk<{ property: { proofOfAuthority: Proof | null } }>(server, PROOF, { id: propertyId }, token)).property.proofOfAuthority;

/** A published listing by a non-owner, waiting for verification (or as `status` says). */
async function waitingListing(status: 'PENDING' | 'REJECTED' | 'VERIFIED' = 'PENDING') {
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId);
  const now = server.deps.clock.now();
  await server.deps.db
    .update(properties)
    .set({ areYouThePropertyOwner: 'NO', verificationStatus: status, verificationRequestedAt: now })
    .where(eq(properties.id, property.id));
  return { seller, property };
}

describe('uploading proof of authority', () => {
  it('takes a PDF or an image for a listing that waits, replaces the earlier one, and shows it to its seller', async () => {
    const { seller, property } = await waitingListing();
    const first = await upload(property.id, PDF, { token: seller.token, name: 'C:\\scans\\Rates notice 2026.pdf' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'uploaded' });
    const proof = await proofSeenBy(property.id, seller.token);
    expect(proof).toMatchObject({ fileName: 'Rates notice 2026.pdf', mimeType: 'application/pdf', sizeBytes: PDF.length });
    const opened = await fetch(local(proof!.url));
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF)).toBe(true);
    const firstKey = (await server.deps.db.query.proofOfAuthorityDocuments.findFirst({
      where: eq(proofOfAuthorityDocuments.propertyId, property.id),
    }))!.storageKey;
    expect(firstKey).toMatch(/^authority\/[0-9a-f-]{36}\.pdf$/);

    // A photo of the signed authority replaces it; the old file is gone from storage.
    const photo = await png();
    expect((await upload(property.id, photo, { token: seller.token, type: 'image/png', name: 'authority.png' })).status).toBe(200);
    expect(await proofSeenBy(property.id, seller.token)).toMatchObject({
      fileName: 'authority.png',
      mimeType: 'image/png',
      sizeBytes: photo.length,
    });
    expect(await server.deps.storage.stat(firstKey)).toBeNull();
    // The stored document is never reachable as media: GET /media serves only `<uuid>.<ext>` keys.
    expect((await fetch(`${server.url}/media/${encodeURIComponent(firstKey)}`)).status).toBe(404);
  });

  it('checks the bytes by their magic numbers, the type by the name, and the size, keeping nothing refused', async () => {
    const { seller, property } = await waitingListing();
    const refusals: [Buffer | string, string, string, string][] = [
      ['this is a text file, not a PDF', 'application/pdf', 'notice.pdf', 'user_media_content_not_supported'],
      [PDF, 'image/png', 'notice.png', 'user_media_content_not_supported'],
      [Buffer.from('GIF89a fake'), 'image/gif', 'notice.gif', 'user_media_file_extension_not_supported'],
      [PDF, 'application/pdf', 'notice.exe', 'user_media_file_extension_not_supported'],
      [PDF, 'image/jpeg', 'notice.pdf', 'user_media_file_extension_not_supported'],
      ['<html><script>alert(1)</script>', 'text/html', 'notice.html', 'user_media_file_extension_not_supported'],
    ];
    for (const [body, type, name, code] of refusals) {
      const answer = await upload(property.id, body, { token: seller.token, type, name });
      expect([answer.status, await codeOfAnswer(answer)], name).toEqual([415, code]);
    }
    const empty = await upload(property.id, '', { token: seller.token });
    expect([empty.status, await codeOfAnswer(empty)]).toEqual([400, 'user_media_file_empty']);
    const tooLarge = await upload(property.id, Buffer.concat([PDF, Buffer.alloc(PROOF_OF_AUTHORITY_MAX_BYTES)]), { token: seller.token });
    expect([tooLarge.status, await codeOfAnswer(tooLarge)]).toEqual([413, 'user_media_file_too_large']);
    expect(await proofSeenBy(property.id, seller.token)).toBeNull();
    const stored = await server.deps.db
      .select()
      .from(proofOfAuthorityDocuments)
      .where(eq(proofOfAuthorityDocuments.propertyId, property.id));
    expect(stored).toEqual([]);
  });

  it("is the listing's seller's only, and only while proof can matter", async () => {
    const { seller, property } = await waitingListing();
    const other = await createSeller(server);
    const agent = await createAgent(server);
    for (const [token, status, code] of [
      [null, 401, 'unauthorized'],
      [other.token, 404, 'not_found'],
      [agent.token, 404, 'not_found'],
      [admin.token, 404, 'not_found'],
    ] as const) {
      const answer = await upload(property.id, PDF, { token });
      expect([answer.status, await codeOfAnswer(answer)]).toEqual([status, code]);
    }
    const malformed = await upload('not-a-uuid', PDF, { token: seller.token });
    expect(malformed.status).toBe(404);

    // An owner's listing, or a verified one, takes no proof.
    const owners = await createActiveProperty(server, seller.userId);
    expect(await codeOfAnswer(await upload(owners.id, PDF, { token: seller.token }))).toBe('invalid_state');
    const verified = await waitingListing('VERIFIED');
    expect(await codeOfAnswer(await upload(verified.property.id, PDF, { token: verified.seller.token }))).toBe('invalid_state');
    expect(
      (await gqlOk<{ property: { canUploadProofOfAuthority: boolean } }>(server, PROOF, { id: owners.id }, seller.token)).property,
    ).toMatchObject({ canUploadProofOfAuthority: false });
  });

  it('puts a rejected listing back in the queue, at its end, and tells the operators', async () => {
    const { seller, property } = await waitingListing();
    const firstWaited = server.deps.clock.now().getTime();
    const reject = `mutation($id: ID!) { rejectListing(propertyId: $id, reason: "The notice names someone else") { id } }`;
    await gqlOk(server, reject, { id: property.id }, admin.token);
    const queued = async () =>
      (
        await gqlOk<{
          adminListingsAwaitingVerification: {
            edges: { node: { id: string; previousRejectionReason: string | null; proofOfAuthority: Proof | null } }[];
          };
        }>(
          server,
          `{ adminListingsAwaitingVerification(first: 100) { edges { node { id previousRejectionReason proofOfAuthority { fileName mimeType url } } } } }`,
          {},
          admin.token,
        )
      ).adminListingsAwaitingVerification.edges.map((e) => e.node);
    expect((await queued()).map((n) => n.id)).not.toContain(property.id);
    const before = await server.emailsTo(admin.email);

    server.deps.clock.advance(60_000);
    expect((await upload(property.id, PDF, { token: seller.token, name: 'Signed authority.pdf' })).status).toBe(200);
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, property.id) });
    expect(row!.verificationStatus).toBe('PENDING');
    expect(row!.verificationRequestedAt!.getTime()).toBeGreaterThanOrEqual(firstWaited + 60_000);
    const entry = (await queued()).find((n) => n.id === property.id)!;
    expect(entry).toMatchObject({
      previousRejectionReason: 'The notice names someone else',
      proofOfAuthority: { fileName: 'Signed authority.pdf', mimeType: 'application/pdf' },
    });
    expect((await server.emailsTo(admin.email)).length).toBe(before.length + 1);

    // The operator opens it through the link the console was given.
    const opened = await fetch(local(entry.proofOfAuthority!.url));
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF)).toBe(true);
  });
});

describe('reading proof of authority', () => {
  it('is never shown to agents or other sellers; links expire and cannot be forged', async () => {
    const { seller, property } = await waitingListing();
    expect((await upload(property.id, PDF, { token: seller.token })).status).toBe(200);
    const { url } = (await proofSeenBy(property.id, seller.token))!;

    // Another seller cannot read the listing at all; an agent asked for it (after verification) sees no proof.
    const other = await createSeller(server);
    expect(codeOf(await server.gql(PROOF, { id: property.id }, other.token))).toBe('not_found');
    await server.deps.db.update(properties).set({ verificationStatus: 'VERIFIED' }).where(eq(properties.id, property.id));
    const agent = await createAgent(server, { withCard: true });
    const request = await createRequest(server, property.id, agent.userId);
    await gqlOk(server, `mutation($id: ID!) { acceptPaymentCondition(id: $id) { id } }`, { id: request.id }, agent.token);
    const seen = await gqlOk<{ propertyAppraisalRequest: { property: Record<string, unknown> } }>(
      server,
      `query($id: ID!) { propertyAppraisalRequest(id: $id) { property { streetName verificationRejectionReason canUploadProofOfAuthority proofOfAuthority { url } } } }`,
      { id: request.id },
      agent.token,
    );
    expect(seen.propertyAppraisalRequest.property).toEqual({
      streetName: 'Campbell Parade',
      verificationRejectionReason: null,
      canUploadProofOfAuthority: false,
      proofOfAuthority: null,
    });

    // A link altered to name another listing, or signed with another key, or expired, answers not_found.
    const token = new URL(url).pathname.split('/').pop()!;
    const [, expires, signature] = token.split('.');
    const forged = [
      `${crypto.randomUUID()}.${expires}.${signature}`,
      `${property.id}.${Number(expires) + 1}.${signature}`,
      `${property.id}.${expires}.${'A'.repeat(signature!.length)}`,
      'nonsense',
    ];
    for (const attempt of forged) {
      const answer = await fetch(`${server.url}/proof-of-authority/${attempt}`);
      expect([answer.status, await codeOfAnswer(answer)], attempt).toEqual([404, 'not_found']);
    }
    expect((await fetch(local(url))).status).toBe(200);
    server.deps.clock.advance(PROOF_OF_AUTHORITY_URL_TTL_MS + 1000);
    expect((await fetch(local(url))).status).toBe(404);
  });
});

describe('closing the account', () => {
  it("deletes the seller's proofs of authority, rows and files (a rates notice names the owner)", async () => {
    const { seller, property } = await waitingListing();
    expect((await upload(property.id, PDF, { token: seller.token })).status).toBe(200);
    const { storageKey } = (await server.deps.db.query.proofOfAuthorityDocuments.findFirst({
      where: eq(proofOfAuthorityDocuments.propertyId, property.id),
    }))!;
    expect(await server.deps.storage.stat(storageKey)).not.toBeNull();
    await gqlOk(server, `mutation($p: String!) { deleteMyAccount(password: $p) }`, { p: seller.password }, seller.token);
    expect(
      await server.deps.db.select().from(proofOfAuthorityDocuments).where(eq(proofOfAuthorityDocuments.propertyId, property.id)),
    ).toEqual([]);
    expect(await server.deps.storage.stat(storageKey)).toBeNull();
  });
});
