/**
 * The three lists of a property's media as the wizard's 'Photos & Video' step and 'Edit listing' show them:
 * photos, floor plans and videos, each with its uploader's texts, and how many more files each takes.
 */
import type { PropertyMediaType } from '@listwise/domain/enums';
import { propertyMediaRoom } from '@listwise/domain/property-media';

export interface PropertyMediaSection {
  type: PropertyMediaType;
  label: string;
  itemLabel: string;
  accept: 'image' | 'video';
  button: string;
}

export const PROPERTY_MEDIA_SECTIONS: readonly PropertyMediaSection[] = [
  { type: 'PHOTO', label: 'Photos', itemLabel: 'Photo', accept: 'image', button: 'Add photos' },
  { type: 'FLOOR_PLAN', label: 'Floor plans', itemLabel: 'Floor plan', accept: 'image', button: 'Add floor plans' },
  { type: 'VIDEO', label: 'Videos', itemLabel: 'Video', accept: 'video', button: 'Add videos' },
];

/** A draft or a published property: its media in three lists. */
export interface PropertyMediaLists<T> {
  photos: T[];
  floorplans: T[];
  videos: T[];
}

/** The property's list of one kind of media. */
export const propertyMediaListOf = <T>(property: PropertyMediaLists<T>, type: PropertyMediaType): T[] =>
  type === 'PHOTO' ? property.photos : type === 'FLOOR_PLAN' ? property.floorplans : property.videos;

/** How many more files the uploader of `type` takes (spec 001 §9: photos + videos ≤ 20, videos ≤ 5; floor plans ≤ 20). */
export const roomForMedia = (property: PropertyMediaLists<unknown>, type: PropertyMediaType): number =>
  propertyMediaRoom({ PHOTO: property.photos.length, FLOOR_PLAN: property.floorplans.length, VIDEO: property.videos.length }, type);
