import { PUBLIC_ID_PATTERN } from '@listwise/domain/public-pages';

/**
 * Reading the public pages' addresses. Every address has one canonical form: lower case, no trailing
 * slash, no `?page=1`. Anything else that still names a page answers 301 to it; what names nothing answers 404;
 * nothing here throws on odd input (bad percent-encoding, encoded slashes, huge numbers).
 */

export const STATE_NAMES: Record<string, string> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};

/** The app's own single-segment pages under /agent/ (the web app's route table), which the profiles must not take. */
export const APP_AGENT_PAGES = new Set(['signup', 'appointment-requests', 'profile-settings', 'reviews']);

export type PublicPath =
  | { kind: 'states' }
  | { kind: 'state'; state: string }
  | { kind: 'suburb'; state: string; slug: string }
  | { kind: 'agent'; slug: string; publicId: string | null }
  | { kind: 'how-we-rank' };

/** A path segment decoded, or null when it is not valid percent-encoding or decodes to a slash or control character. */
function decodeSegment(segment: string): string | null {
  try {
    const decoded = decodeURIComponent(segment);
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    return /[/\\\u0000-\u001f\u007f]/.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

/**
 * A decoded segment written back into a path, so a canonical address (a `Location` header) is only ever ASCII: every
 * character a path segment may not hold raw is percent-encoded, in lower case (the addresses are lower case, so an
 * upper-case escape would be redirected to itself), and the path's own punctuation is left as typed.
 */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment)
    .replace(/%(24|26|2B|2C|3A|3B|3D|40)/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}

/**
 * The path as it must be compared with a canonical one: each segment decoded and encoded again as `encodeSegment`
 * does, so `%C3%A9`, `%c3%a9` and a raw `é` are the same address; a segment that does not decode is left as it is.
 */
function normalisePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return encodeSegment(decodeURIComponent(segment));
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * The public page a path names, with its canonical path (ASCII, segments encoded: `encodeSegment`), and `path`,
 * the request's path in the same form, which the caller compares with it; null when the path is not one of ours at all (the web
 * app then answers it). `canonical` differs from the path when the request must be redirected.
 */
export function readPublicPath(rawPath: string): { page: PublicPath | 'not-found'; canonical: string; path: string } | null {
  const read = readDecodedPath(rawPath);
  if (!read) return null;
  return { ...read, canonical: read.page === 'not-found' ? normalisePath(read.canonical) : read.canonical, path: normalisePath(rawPath) };
}

function readDecodedPath(rawPath: string): { page: PublicPath | 'not-found'; canonical: string } | null {
  const lower = rawPath.toLowerCase();
  const trimmed = lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
  const raw = trimmed.split('/').slice(1);
  if (raw[0] === 'how-we-rank' && raw.length === 1) return { page: { kind: 'how-we-rank' }, canonical: '/how-we-rank' };
  if (raw[0] === 'agent' && raw.length === 2) {
    if (APP_AGENT_PAGES.has(raw[1]!)) return null;
    const slug = decodeSegment(raw[1]!);
    if (slug === null || !slug) return { page: 'not-found', canonical: trimmed };
    const publicId = slug.match(/(?:^|-)([0-9a-f]{10})$/)?.[1] ?? null;
    return {
      page: { kind: 'agent', slug, publicId: publicId && PUBLIC_ID_PATTERN.test(publicId) ? publicId : null },
      canonical: `/agent/${encodeSegment(slug)}`,
    };
  }
  if (raw[0] !== 'agents') return null;
  const segments = raw.slice(1).map(decodeSegment);
  if (segments.some((s) => s === null || s === '')) return { page: 'not-found', canonical: trimmed };
  const [state, suburb, ...rest] = segments as string[];
  if (rest.length) return { page: 'not-found', canonical: trimmed };
  if (!state) return { page: { kind: 'states' }, canonical: '/agents' };
  const stateCode = state.toUpperCase();
  if (!STATE_NAMES[stateCode]) return { page: 'not-found', canonical: trimmed };
  if (!suburb) return { page: { kind: 'state', state: stateCode }, canonical: `/agents/${encodeSegment(state)}` };
  return {
    page: { kind: 'suburb', state: stateCode, slug: suburb },
    canonical: `/agents/${encodeSegment(state)}/${encodeSegment(suburb)}`,
  };
}

/** Splits 'bondi-beach-2026' into its name slug and postcode; postcode null when the slug has none. */
export function splitSuburbSlug(slug: string): { nameSlug: string; postcode: string | null } {
  const match = slug.match(/^(.+)-(\d{4})$/);
  return match ? { nameSlug: match[1]!, postcode: match[2]! } : { nameSlug: slug, postcode: null };
}

/**
 * `?page=` of a paged list: 1 when absent; null for anything that is not a whole number from 1 up (the caller
 * answers 404), and the caller redirects an explicit `?page=1` to the address without it.
 */
export function readPageNumber(query: unknown): { page: number; explicit: boolean } | null {
  const value = (query as Record<string, unknown> | undefined)?.page;
  if (value === undefined) return { page: 1, explicit: false };
  if (typeof value !== 'string' || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return { page: Number(value), explicit: true };
}
