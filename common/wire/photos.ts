import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** One photo as sent to the browser; censored photos point at the blurred variant under /cdn/. */
export const ZPhoto = z.object({
  id: z.string(),
  filename: z.string(),
  thumb_filename: z.string(),
  /** Size of the main photo in pixels, and its responsive variant set (common/photo-variants.ts), for srcset. */
  width: z.number().int(),
  height: z.number().int(),
  variants: z.number().int(),
  is_main: z.boolean(),
  censored: z.boolean(),
  /** Only on the member's own photos: waiting for review under pre-moderation (nobody else sees it yet). */
  in_review: z.boolean().optional(),
});

/** Every answer of `/api/photos.php`: my photos and my upload limit. */
export const ZPhotosResponse = z.object({ photos: z.array(ZPhoto), limit: z.number().int() });

/** `PATCH /api/photos.php` body: the main photo, or the new order. */
export const ZArrangePhotosRequest = z
  .object({ main_photo_id: z.uuid().optional(), order: z.array(z.uuid()).max(100).optional() })
  .refine((b) => b.main_photo_id || b.order, { message: 'main_photo_id or order' });

/** `DELETE /api/photos.php` body. */
export const ZDeletePhotoRequest = z.object({ photo_id: z.uuid() });

export type TPhoto = z.infer<typeof ZPhoto>;
export type TPhotosResponse = z.infer<typeof ZPhotosResponse>;
export type TArrangePhotosRequest = z.infer<typeof ZArrangePhotosRequest>;

/** A member's own photos (spec §2 profile settings with images overview). */
export const photosApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/photos.php',
    tags: ['photos'],
    summary: 'My photos and my upload limit',
    response: ZPhotosResponse,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/photos.php',
    tags: ['photos'],
    summary: 'Upload a photo (multipart field "photo"); type is detected from the bytes',
    body: 'multipart',
    response: ZPhotosResponse,
    status: 201,
  }),
  arrange: defineEndpoint({
    method: 'PATCH',
    path: '/api/photos.php',
    tags: ['photos'],
    summary: 'Choose the main photo and/or the order of my photos',
    body: ZArrangePhotosRequest,
    response: ZPhotosResponse,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/photos.php',
    tags: ['photos'],
    summary: 'Delete one of my photos',
    body: ZDeletePhotoRequest,
    response: ZPhotosResponse,
  }),
};
