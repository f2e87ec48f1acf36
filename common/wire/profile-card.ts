import { z } from 'zod';

/**
 * A member's main photo (spec §3 main_image): full and thumbnail URLs with the CDN prefix; null = no photo. Cards add
 * the photo's size and variant set, from which the browser builds srcset (common/photo-variants.ts), not more URLs.
 */
export const ZMainImage = z
  .object({
    filename: z.string(),
    thumb_filename: z.string(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    variants: z.number().int().optional(),
  })
  .nullable();

/** A member as shown in lists: search results, likes, chats, swipe cards. */
export const ZProfileCard = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.string(),
  age: z.number().int(),
  city: z.string(),
  country: z.string(),
  is_fictional: z.boolean(),
  main_image: ZMainImage,
});

/** A visible member's public card with about-me, interests and language (member landers, a first message). */
export const ZPublicCard = ZProfileCard.extend({
  about_me: z.string(),
  interests: z.array(z.string()),
  locale: z.string(),
});

export type TMainImage = NonNullable<z.infer<typeof ZMainImage>>;
export type TProfileCard = z.infer<typeof ZProfileCard>;
export type TPublicCard = z.infer<typeof ZPublicCard>;
