import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Deps } from '../../deps.ts';
import { processUserMedia } from '../../modules/media/media.service.ts';
import { confirmPaymentMethod, hasDefaultPaymentMethod } from '../../modules/payments/payments.service.ts';
import { subscribeToSuburbs } from '../../modules/subscriptions/suburb-purchase.service.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { userMedia } from '../../db/schema/media.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Demo agents with complete profiles: a generated profile picture and agency logo stored as real media (through
 * the storage port and the media pipeline, so thumbnails exist), a bio and agency, a saved test card (Visa 4242)
 * and free-trial subscriptions in a few Sydney and Melbourne suburbs, with the public profile turned on (the
 * public pages show whoever also has a verified licence, the first demo agent). Idempotent: only what is
 * missing is added, so an agent who turned the profile off keeps it off.
 */
interface DemoAgentProfile {
  email: string;
  bio: string;
  agencyName: string;
  agencyBio: string;
  colours: [string, string];
  suburbs: [name: string, postcode: string][];
}

export const DEMO_AGENT_PROFILES: DemoAgentProfile[] = [
  {
    email: 'agent.bondi@listwise.test',
    bio: 'I have sold homes between Bondi and Bronte for twelve years. I price honestly, market boldly and answer my phone.',
    agencyName: 'Harbour & Co Realty',
    agencyBio: 'A family-run agency on the eastern beaches, known for apartments with a view and calm, well-run auctions.',
    colours: ['#0f4c5c', '#2a9d8f'],
    // Bondi Beach too: the homepage's example address (Campbell Parade) lies there, so it finds an agent.
    suburbs: [
      ['Bondi', '2026'],
      ['Bondi Beach', '2026'],
      ['Surry Hills', '2010'],
    ],
  },
  {
    email: 'agent.surry@listwise.test',
    bio: 'Terraces and warehouse conversions in the inner city are my speciality. Expect clear advice and weekly updates.',
    agencyName: 'Terrace Property Group',
    agencyBio: 'Inner-city specialists selling Surry Hills, Newtown and Redfern homes since 2004.',
    colours: ['#7c2d12', '#ea580c'],
    suburbs: [
      ['Surry Hills', '2010'],
      ['Newtown', '2042'],
      ['Bondi', '2026'],
    ],
  },
  {
    email: 'agent.fitzroy@listwise.test',
    bio: 'Born and raised in Fitzroy, I help families and first-home buyers across the inner north and Richmond.',
    agencyName: 'Northside Collective',
    agencyBio: 'An independent Melbourne agency with a design eye, selling character homes across the inner north.',
    colours: ['#3730a3', '#6366f1'],
    suburbs: [
      ['Fitzroy', '3065'],
      ['Richmond', '3121'],
    ],
  },
];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** A 512 px portrait placeholder: gradient, head-and-shoulders silhouette, initials. */
function profilePictureSvg(name: string, [from, to]: [string, string]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="256" cy="210" r="96" fill="#ffffff" fill-opacity="0.9"/>
  <path d="M86 512c0-100 76-170 170-170s170 70 170 170z" fill="#ffffff" fill-opacity="0.9"/>
  <text x="256" y="240" font-family="DejaVu Sans, sans-serif" font-size="88" font-weight="700" fill="${from}" text-anchor="middle">${escapeXml(initialsOf(name))}</text>
</svg>`;
}

/** A 640×320 agency logo: a house mark and the agency name. */
function agencyLogoSvg(agencyName: string, [from, to]: [string, string]) {
  const words = agencyName.split(' ');
  const half = Math.ceil(words.length / 2);
  const lines = words.length > 2 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [agencyName];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">
  <rect width="640" height="320" rx="32" fill="#ffffff"/>
  <rect x="40" y="70" width="180" height="180" rx="28" fill="${from}"/>
  <path d="M80 170 130 120 180 170v50h-34v-34h-32v34H80z" fill="${to}"/>
  ${lines
    .map(
      (line, i) =>
        `<text x="250" y="${lines.length === 1 ? 175 : 150 + i * 56}" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="700" fill="${from}">${escapeXml(line)}</text>`,
    )
    .join('\n  ')}
</svg>`;
}

/** Stores an image through the storage port and runs the media pipeline on it (thumbnail, ready flags). */
async function storeImage(deps: Deps, ownerUserId: string, svg: string, format: 'jpg' | 'png') {
  const image = sharp(Buffer.from(svg));
  const buffer = format === 'jpg' ? await image.jpeg({ quality: 86 }).toBuffer() : await image.png().toBuffer();
  const mimeType = format === 'jpg' ? 'image/jpeg' : 'image/png';
  const storageKey = `${crypto.randomUUID()}.${format}`;
  const { sizeBytes } = await deps.storage.put(storageKey, buffer, { contentType: mimeType });
  const now = deps.clock.now();
  const row = await deps.db
    .insert(userMedia)
    .values({ ownerUserId, type: 'IMAGE', mimeType, fileExtension: format, storageKey, sizeBytes, uploadTokenUsedAt: now, uploadedAt: now })
    .returning()
    .then(theRow);
  await processUserMedia(deps, row.id);
  return row.id;
}

/** Completes the demo agents created by seedDemoData: profile, media, card and suburbs. */
export async function seedDemoAgentProfiles(deps: Deps): Promise<void> {
  for (const demo of DEMO_AGENT_PROFILES) {
    const user = await deps.db.query.users.findFirst({ where: and(eq(users.email, demo.email), eq(users.userType, 'AGENT')) });
    if (!user) continue;
    const profile = await deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, user.id) });
    if (!profile) continue;
    const name = profile.name ?? 'Listwise Agent';

    if (!profile.profilePictureMediaId || !profile.agencyLogoMediaId || !profile.bio) {
      const [pictureId, logoId] = [
        profile.profilePictureMediaId ?? (await storeImage(deps, user.id, profilePictureSvg(name, demo.colours), 'jpg')),
        profile.agencyLogoMediaId ?? (await storeImage(deps, user.id, agencyLogoSvg(demo.agencyName, demo.colours), 'png')),
      ];
      await deps.db
        .update(agentProfiles)
        .set({
          profilePictureMediaId: pictureId,
          agencyLogoMediaId: logoId,
          bio: profile.bio ?? demo.bio,
          agencyName: profile.agencyName ?? demo.agencyName,
          agencyBio: profile.agencyBio ?? demo.agencyBio,
          publicProfileVisible: true,
        })
        .where(eq(agentProfiles.id, profile.id));
    }

    if (!(await hasDefaultPaymentMethod(deps.db, user.id, deps))) await confirmPaymentMethod(deps, user, 'pm_card_visa');

    const [existing] = await deps.db
      .select({ id: suburbSubscriptions.id })
      .from(suburbSubscriptions)
      .where(eq(suburbSubscriptions.agentUserId, user.id))
      .limit(1);
    if (!existing) {
      const ids: number[] = [];
      for (const [suburbName, postcode] of demo.suburbs) {
        const [row] = await deps.db
          .select({ id: suburbs.id })
          .from(suburbs)
          .where(and(eq(suburbs.searchName, suburbName.toLowerCase()), eq(suburbs.postcode, postcode)));
        if (row) ids.push(row.id);
      }
      if (ids.length) await subscribeToSuburbs(deps, user, { suburbIds: ids });
    }
  }
}
