import { z } from 'zod';

/** One photo as sent to the browser; censored photos point at the blurred variant under /cdn/. */
export const ZPhoto = z.object({
  id: z.string(),
  filename: z.string(),
  thumb_filename: z.string(),
  is_main: z.boolean(),
  censored: z.boolean(),
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
