import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from './constants.ts';

/** Largest upload accepted, in bytes (spec: 'not shown'; a phone camera JPEG is 3–12 MB). */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Largest decoded image accepted, in pixels; sharp refuses bigger input before decoding it (decompression bombs). */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Smallest side of an accepted photo, in pixels, so a profile photo stays recognisable. */
export const PHOTO_MIN_SIDE = 200;
/** Image formats accepted, as detected from the file's bytes (never from its name or declared type). */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'heif', 'gif', 'avif'] as const;
/**
 * The `accept` attribute of the upload input. HEIC is left out on purpose: iOS then converts camera photos to JPEG
 * before uploading, and HEVC-coded images cannot be decoded by the bundled image library.
 */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
/** Photos of another member a free member sees sharp; the rest are censored with an upgrade prompt (spec §6). */
export const FREE_VISIBLE_PHOTOS = 2;
/** Photos of a member a visitor sees; login is needed to view more (spec §6). */
export const VISITOR_VISIBLE_PHOTOS = 1;

/** How many photos a member may upload (spec §1/§9: free 3, premium 25). */
export function photoLimit(isPremium: boolean): number {
  return isPremium ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
}

/** One photo as sent to the browser (its schema is `ZPhoto` in wire/photos.ts). */
export type { TPhoto } from './wire/photos.ts';
