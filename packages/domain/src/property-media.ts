/**
 * A property's photos, floor plans and videos (spec 001 §5, §9): photos plus videos at most 20, floor plans at
 * most 20, videos at most 5. One rule for the server, which refuses one too many, and for the uploaders of the
 * wizard and of 'Edit listing', which take no more files than there is room for.
 */
import { LIMITS } from './constants.ts';
import type { PropertyMediaType } from './enums.ts';

/** How many of each kind the property has. */
export type PropertyMediaCounts = Record<PropertyMediaType, number>;

/** The limit broken by adding one more of `type`, or null when there is room. */
export function propertyMediaLimitBroken(counts: PropertyMediaCounts, type: PropertyMediaType): string | null {
  const next = { ...counts, [type]: counts[type] + 1 };
  if (next.VIDEO > LIMITS.videosMax) return `At most ${LIMITS.videosMax} videos`;
  if (next.PHOTO + next.VIDEO > LIMITS.mediaTotalMax) return `At most ${LIMITS.mediaTotalMax} photos and videos`;
  if (next.FLOOR_PLAN > LIMITS.mediaTotalMax) return `At most ${LIMITS.mediaTotalMax} floor plans`;
  return null;
}

/** How many more files of `type` the property takes (0 when full). */
export function propertyMediaRoom(counts: PropertyMediaCounts, type: PropertyMediaType): number {
  const photosAndVideos = counts.PHOTO + counts.VIDEO;
  if (type === 'PHOTO') return Math.max(0, LIMITS.mediaTotalMax - photosAndVideos);
  if (type === 'FLOOR_PLAN') return Math.max(0, LIMITS.mediaTotalMax - counts.FLOOR_PLAN);
  return Math.max(0, Math.min(LIMITS.videosMax - counts.VIDEO, LIMITS.mediaTotalMax - photosAndVideos));
}
